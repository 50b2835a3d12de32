// RUN: strata-opt --one-shot-bufferize=bufferize-function-boundaries %s | FileCheck %s

// NO-DIFF: tensor.pad fills its new buffer with scf loops where upstream
// uses linalg.map and folds the sizes with affine.apply, so the output is
// checked here and not compared with mlir-opt-22's.

// tensor.pad with zero low padding: the source is copied into a subview at
// static zero offsets, whose layout has a static zero offset.
// CHECK-LABEL: func.func @pad_zero_low
// CHECK: memref.subview %{{.*}}[0, 0] [%{{.*}}, %{{.*}}] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1]>>
func.func @pad_zero_low(%t: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c = arith.constant 0.0 : f32
  %0 = tensor.pad %t low[0, 0] high[2, 3] {
  ^bb0(%i: index, %j: index):
    tensor.yield %c : f32
  } : tensor<?x?xf32> to tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
