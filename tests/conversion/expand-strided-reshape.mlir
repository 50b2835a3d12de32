// RUN: strata-opt --expand-strided-metadata %s | FileCheck %s

// Rank-reducing subviews, expand_shape and collapse_shape become
// memref.reinterpret_cast of the base buffer, whose metadata
// finalize-memref-to-llvm then lowers.

// CHECK-LABEL: func.func @f
// CHECK: memref.reinterpret_cast %{{.*}} to offset: [12], sizes: [6], strides: [1]
// CHECK: memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [4, 2, 3], strides: [6, 3, 1]
// CHECK: memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [24], strides: [1]
// CHECK: memref.reinterpret_cast %{{.*}} to offset: [1], sizes: [3], strides: [6]
// CHECK-LABEL: func.func @g
// CHECK: sizes: [%sizes#0, 2, 3], strides: [6, 3, 1]
// CHECK-NOT: memref.dim
func.func @f(%a: memref<4x6xf32>) -> (memref<6xf32, strided<[1], offset: 12>>, memref<4x2x3xf32>, memref<24xf32>, memref<3xf32, strided<[6], offset: 1>>) {
  %row = memref.subview %a[2, 0] [1, 6] [1, 1] : memref<4x6xf32> to memref<6xf32, strided<[1], offset: 12>>
  %e = memref.expand_shape %a [[0], [1, 2]] output_shape [4, 2, 3] : memref<4x6xf32> into memref<4x2x3xf32>
  %col = memref.collapse_shape %a [[0, 1]] : memref<4x6xf32> into memref<24xf32>
  %c = memref.subview %a[0, 1] [3, 1] [1, 1] : memref<4x6xf32> to memref<3xf32, strided<[6], offset: 1>>
  return %row, %e, %col, %c : memref<6xf32, strided<[1], offset: 12>>, memref<4x2x3xf32>, memref<24xf32>, memref<3xf32, strided<[6], offset: 1>>
}
func.func @g(%a: memref<?x6xf32>, %b: memref<2x3x4xf32, strided<[12, 4, 1], offset: 8>>) -> (memref<?x2x3xf32>, memref<6x4xf32, strided<[4, 1], offset: 8>>, memref<2x3x2x2xf32, strided<[12, 4, 2, 1], offset: 8>>) {
  %c0 = arith.constant 0 : index
  %d = memref.dim %a, %c0 : memref<?x6xf32>
  %e = memref.expand_shape %a [[0], [1, 2]] output_shape [%d, 2, 3] : memref<?x6xf32> into memref<?x2x3xf32>
  %col = memref.collapse_shape %b [[0, 1], [2]] : memref<2x3x4xf32, strided<[12, 4, 1], offset: 8>> into memref<6x4xf32, strided<[4, 1], offset: 8>>
  %x = memref.expand_shape %b [[0], [1], [2, 3]] output_shape [2, 3, 2, 2] : memref<2x3x4xf32, strided<[12, 4, 1], offset: 8>> into memref<2x3x2x2xf32, strided<[12, 4, 2, 1], offset: 8>>
  return %e, %col, %x : memref<?x2x3xf32>, memref<6x4xf32, strided<[4, 1], offset: 8>>, memref<2x3x2x2xf32, strided<[12, 4, 2, 1], offset: 8>>
}

// Expanding a 0-d memref gives unit dimensions of stride 1.
// CHECK-LABEL: func.func @expand_0d
// CHECK: memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [1, 1], strides: [1, 1] : memref<f32> to memref<1x1xf32>
func.func @expand_0d(%m: memref<f32>) -> memref<1x1xf32> {
  %e = memref.expand_shape %m [] output_shape [1, 1] : memref<f32> into memref<1x1xf32>
  return %e : memref<1x1xf32>
}
