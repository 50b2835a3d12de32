// RUN: strata-opt --one-shot-bufferize="bufferize-function-boundaries test-analysis-only dump-alias-sets" %s | FileCheck %s

// test.dummy_tensor_op on builtin tensors is analyzed as any operation:
// it reads and writes its operand, and its result aliases nothing. Its
// write into %arg, read afterwards by tensor.extract, is out of place.

// CHECK-LABEL: func.func @f(
// CHECK-SAME: {bufferization.access = "read"}
// CHECK: "test.dummy_tensor_op"(%arg0) {__inplace_operands_attr__ = ["false"], __opresult_alias_set_attr__ = {{\[\["%0"\]\]}}}
// CHECK: tensor.extract %arg0[%arg1] {__inplace_operands_attr__ = ["true", "none"]}
// CHECK: "test.create_tensor_op"() {__opresult_alias_set_attr__ = {{\[\["%1"\]\]}}}
// CHECK: "test.dummy_tensor_op"(%1) {__inplace_operands_attr__ = ["true"], __opresult_alias_set_attr__ = {{\[\["%2"\]\]}}}
func.func @f(%arg: tensor<4xf64>, %lb: index) -> (tensor<4xf64>, f64) {
  %c = "test.dummy_tensor_op"(%arg) : (tensor<4xf64>) -> tensor<4xf64>
  %e = tensor.extract %arg[%lb] : tensor<4xf64>
  %d = "test.create_tensor_op"() : () -> tensor<4xf64>
  %f = "test.dummy_tensor_op"(%d) : (tensor<4xf64>) -> tensor<4xf64>
  return %c, %e : tensor<4xf64>, f64
}
