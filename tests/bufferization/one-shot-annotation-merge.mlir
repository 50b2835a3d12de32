// RUN: strata-opt --one-shot-bufferize="bufferize-function-boundaries test-analysis-only" %s | FileCheck %s

// test-analysis-only writes its decisions into the __inplace_operands_attr__
// an operation already has: the entries of its tensor operands are set,
// the others (and any past the operation's operands) are kept.

// CHECK-LABEL: func.func @prior_annotations
// CHECK: linalg.fill {__inplace_operands_attr__ = ["kept", "true"]}
// CHECK: linalg.fill {__inplace_operands_attr__ = ["a", "true", "extra"]}
func.func @prior_annotations(%t: tensor<4xf32>, %f: f32) -> tensor<4xf32> {
  %0 = linalg.fill {__inplace_operands_attr__ = ["kept", "x"]} ins(%f : f32) outs(%t : tensor<4xf32>) -> tensor<4xf32>
  %1 = linalg.fill {__inplace_operands_attr__ = ["a", "b", "extra"]} ins(%f : f32) outs(%0 : tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
