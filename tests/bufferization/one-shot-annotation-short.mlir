// RUN: strata-opt --one-shot-bufferize="bufferize-function-boundaries test-analysis-only" --split-input-file %s | FileCheck %s
// RUN: strata-opt --one-shot-bufferize="test-analysis-only" --split-input-file %s | FileCheck %s --check-prefix=UNKNOWN

// NO-DIFF: mlir-opt-22 writes past the end of an __inplace_operands_attr__
// shorter than the operation's operands (undefined behaviour; upstream
// has since fixed it by extending the annotation) and crashes on one
// that is not an array of strings.
//
// A prior annotation shorter than the operation's operands is extended
// with "none" entries before the decisions are written into it, as
// upstream now does; one that is not an array of strings is replaced by
// the decisions.

// CHECK-LABEL: func.func @shorter_inplace_attr
// CHECK: return {__equivalent_func_args__ = [0, 0], __inplace_operands_attr__ = ["true", "true"]}
// Without function boundaries func.return is an operation the analysis
// does not know: both of its operands are out of place.
// UNKNOWN-LABEL: func.func @shorter_inplace_attr
// UNKNOWN: return {__inplace_operands_attr__ = ["false", "false"]}
func.func @shorter_inplace_attr(%arg0: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>) {
  return {__inplace_operands_attr__ = ["false"]} %arg0, %arg0 : tensor<4xi32>, tensor<4xi32>
}

// -----

// CHECK-LABEL: func.func @short_non_tensor_entry
// CHECK: linalg.fill {__inplace_operands_attr__ = ["kept", "true"]}
func.func @short_non_tensor_entry(%t: tensor<4xf32>, %f: f32) -> tensor<4xf32> {
  %0 = linalg.fill {__inplace_operands_attr__ = ["kept"]} ins(%f : f32) outs(%t : tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @not_strings
// CHECK: linalg.fill {__inplace_operands_attr__ = ["none", "true"]}
// CHECK: linalg.fill {__inplace_operands_attr__ = ["none", "true"]}
func.func @not_strings(%t: tensor<4xf32>, %f: f32) -> tensor<4xf32> {
  %0 = linalg.fill {__inplace_operands_attr__ = 3 : i64} ins(%f : f32) outs(%t : tensor<4xf32>) -> tensor<4xf32>
  %1 = linalg.fill {__inplace_operands_attr__ = [1, "x"]} ins(%f : f32) outs(%0 : tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
