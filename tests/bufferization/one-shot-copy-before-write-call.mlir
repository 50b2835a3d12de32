// RUN: strata-opt --one-shot-bufferize="bufferize-function-boundaries copy-before-write" %s | FileCheck %s
// NO-DIFF: mlir-opt-22 (22.1.8) crashes in AnalysisState::isInPlace while
// it inserts these copies, or hangs, about as often as it prints the output
// the CHECK lines below describe.

// Without the analysis nothing tells what a callee does with its
// arguments: each tensor a call is given is copied first, even one the
// callee only reads, as upstream.

// CHECK-LABEL: func.func @caller
// CHECK: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK: memref.copy %arg0, %[[A]]
// CHECK: %[[C:.*]] = memref.cast %[[A]]
// CHECK: call @reader(%[[C]], %arg1)
func.func @reader(%t: tensor<4xf32>, %i: index) -> f32 {
  %x = tensor.extract %t[%i] : tensor<4xf32>
  return %x : f32
}
func.func @caller(%t: tensor<4xf32>, %i: index) -> f32 {
  %x = func.call @reader(%t, %i) : (tensor<4xf32>, index) -> f32
  return %x : f32
}
