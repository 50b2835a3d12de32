// RUN: strata-opt --split-input-file --allow-unregistered-dialect --one-shot-bufferize="test-analysis-only" %s | FileCheck %s
// RUN: strata-opt --split-input-file --allow-unregistered-dialect --one-shot-bufferize="test-analysis-only dump-alias-sets" %s | FileCheck %s --check-prefix=ALIAS
// RUN: strata-opt --split-input-file --allow-unregistered-dialect --one-shot-bufferize="test-analysis-only bufferize-function-boundaries" %s | FileCheck %s --check-prefix=BOUNDARY

// test-analysis-only writes the in-place analysis's decisions onto the
// operations instead of bufferizing them: one string per operand, "true"
// for a tensor written (or read) in its own buffer, "false" for one that
// gets a copy, "none" for an operand that is not a tensor.
// dump-alias-sets adds the alias set of each tensor result and block
// argument, named as printed.

// The second fill is decided first (bottom-up): it writes in place, so
// the first one, whose result is still read after it, may not.
// CHECK-LABEL: func.func @two_fills
// CHECK: linalg.fill {__inplace_operands_attr__ = ["none", "false"]}
// CHECK: linalg.fill {__inplace_operands_attr__ = ["none", "true"]}
// CHECK: tensor.extract %{{.*}} {__inplace_operands_attr__ = ["true", "none"]}
// ALIAS-LABEL: func.func @two_fills
// ALIAS: tensor.empty() {__opresult_alias_set_attr__ = {{\[}}["{{%}}2", "{{%}}0"]]}
// ALIAS: linalg.fill {__inplace_operands_attr__ = ["none", "false"], __opresult_alias_set_attr__ = {{\[}}["{{%}}1"]]}
// Without function boundaries an argument is read through a to_buffer
// that may not be written: the fill into it copies.
// BOUNDARY-LABEL: func.func @two_fills
// BOUNDARY: linalg.fill {__inplace_operands_attr__ = ["none", "false"]}
// BOUNDARY: linalg.fill {__inplace_operands_attr__ = ["none", "true"]}
func.func @two_fills(%a: f32, %b: f32, %i: index) -> (f32, tensor<8xf32>) {
  %e = tensor.empty() : tensor<8xf32>
  %0 = linalg.fill ins(%a : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %1 = linalg.fill ins(%b : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %x = tensor.extract %0[%i] : tensor<8xf32>
  return %x, %1 : f32, tensor<8xf32>
}

// -----

// CHECK-LABEL: func.func @argument
// CHECK: tensor.insert %{{.*}} {__inplace_operands_attr__ = ["none", "false", "none"]}
// BOUNDARY-LABEL: func.func @argument(%arg0: tensor<4xf32> {bufferization.access = "read-write"}
// BOUNDARY: tensor.insert %{{.*}} {__inplace_operands_attr__ = ["none", "true", "none"]}
// BOUNDARY: return {__equivalent_func_args__ = [0], __inplace_operands_attr__ = ["true"]}
func.func @argument(%t: tensor<4xf32>, %f: f32, %i: index) -> tensor<4xf32> {
  %0 = tensor.insert %f into %t[%i] : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// An operation without a bufferization is decided too: its result may be
// its operand's buffer and may not be written, so it copies.
// CHECK-LABEL: func.func @unknown
// CHECK: "test.op"(%{{.*}}) ({
// CHECK: __inplace_operands_attr__ = ["false"]}
// ALIAS-LABEL: func.func @unknown
// ALIAS: "test.op"(%{{.*}}) ({
// ALIAS: __bbarg_alias_set_attr__ = {{\[\[\[\[}}"{{%}}arg2"]]]]
func.func @unknown(%f: f32, %i: index) -> f32 {
  %e = tensor.empty() : tensor<4xf32>
  %0 = linalg.fill ins(%f : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %1 = "test.op"(%0) ({
  ^bb0(%arg1: tensor<4xf32>):
  }) : (tensor<4xf32>) -> tensor<4xf32>
  %x = tensor.extract %1[%i] : tensor<4xf32>
  return %x : f32
}

// -----

// A to_buffer may be written through unless it is read_only.
// CHECK-LABEL: func.func @to_buffer
// CHECK: bufferization.to_buffer %{{.*}} {__inplace_operands_attr__ = ["false"]}
// CHECK: bufferization.to_buffer %{{.*}} read_only {__inplace_operands_attr__ = ["true"]}
func.func @to_buffer(%f: f32, %i: index) -> f32 {
  %t = tensor.from_elements %f, %f : tensor<2xf32>
  %m = bufferization.to_buffer %t : tensor<2xf32> to memref<2xf32>
  %n = bufferization.to_buffer %t read_only : tensor<2xf32> to memref<2xf32>
  %x = tensor.extract %t[%i] : tensor<2xf32>
  return %x : f32
}

// -----

// An unranked tensor cannot be copied: its operands are in place before
// anything else is decided, so that the return, which without function
// boundaries is an operation the analysis knows nothing of, may not
// write the argument's buffer. A ranked cast is decided after the
// return, which took the buffer.
// CHECK-LABEL: func.func @unranked
// CHECK: tensor.cast %{{.*}} {__inplace_operands_attr__ = ["true"]}
// CHECK: return {__inplace_operands_attr__ = ["false"]}
// CHECK-LABEL: func.func @ranked
// CHECK: tensor.cast %{{.*}} {__inplace_operands_attr__ = ["false"]}
// CHECK: return {__inplace_operands_attr__ = ["true"]}
func.func @unranked(%t: tensor<*xi32>) -> tensor<*xi32> {
  %0 = tensor.cast %t : tensor<*xi32> to tensor<*xi32>
  return %0 : tensor<*xi32>
}
func.func @ranked(%t: tensor<4xi32>) -> tensor<?xi32> {
  %0 = tensor.cast %t : tensor<4xi32> to tensor<?xi32>
  return %0 : tensor<?xi32>
}
