// RUN: strata-opt --one-shot-bufferize=bufferize-function-boundaries --split-input-file %s | FileCheck %s
// RUN: strata-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --split-input-file %s | FileCheck %s --check-prefix=ID

// A strided buffer expands without a copy, into the strides its groups
// imply; it collapses without a copy when its static strides show the
// groups contiguous, else a copy with the identity layout collapses.

// CHECK-LABEL: func.func @expand_slice
// CHECK: %[[S:.*]] = memref.subview %arg0
// CHECK-NEXT: memref.expand_shape %[[S]] {{\[}}[0], [1, 2]] output_shape [%arg2, 2, 4] : memref<?x8xf32, strided<[?, ?], offset: ?>> into memref<?x2x4xf32, strided<[?, ?, ?], offset: ?>>
// ID-LABEL: func.func @expand_slice
// ID: memref.expand_shape %{{.*}} : memref<?x8xf32, strided<[8, 1], offset: ?>> into memref<?x2x4xf32, strided<[8, 4, 1], offset: ?>>
func.func @expand_slice(%t: tensor<?x8xf32>, %i: index, %n: index) -> tensor<?x2x4xf32> {
  %s = tensor.extract_slice %t[%i, 0] [%n, 8] [1, 1] : tensor<?x8xf32> to tensor<?x8xf32>
  %e = tensor.expand_shape %s [[0], [1, 2]] output_shape [%n, 2, 4] : tensor<?x8xf32> into tensor<?x2x4xf32>
  return %e : tensor<?x2x4xf32>
}

// -----

// ID-LABEL: func.func @expand_strided_slice
// ID: memref.expand_shape %{{.*}} : memref<8xf32, strided<[2], offset: 2>> into memref<2x4xf32, strided<[8, 2], offset: 2>>
func.func @expand_strided_slice(%t: tensor<20xf32>) -> tensor<2x4xf32> {
  %s = tensor.extract_slice %t[2] [8] [2] : tensor<20xf32> to tensor<8xf32>
  %e = tensor.expand_shape %s [[0, 1]] output_shape [2, 4] : tensor<8xf32> into tensor<2x4xf32>
  return %e : tensor<2x4xf32>
}

// -----

// CHECK-LABEL: func.func @collapse_dynamic_strides
// CHECK: memref.copy
// CHECK: memref.collapse_shape %{{.*}} : memref<?x8x4xf32> into memref<?x32xf32>
// ID-LABEL: func.func @collapse_dynamic_strides
// ID: memref.collapse_shape %{{.*}} : memref<?x8x4xf32, strided<[32, 4, 1], offset: ?>> into memref<?x32xf32, strided<[32, 1], offset: ?>>
func.func @collapse_dynamic_strides(%t: tensor<?x8x4xf32>, %i: index, %n: index) -> tensor<?x32xf32> {
  %s = tensor.extract_slice %t[%i, 0, 0] [%n, 8, 4] [1, 1, 1] : tensor<?x8x4xf32> to tensor<?x8x4xf32>
  %e = tensor.collapse_shape %s [[0], [1, 2]] : tensor<?x8x4xf32> into tensor<?x32xf32>
  return %e : tensor<?x32xf32>
}

// -----

// CHECK-LABEL: func.func @collapse_to_scalar
// CHECK-NOT: memref.copy
// CHECK: memref.collapse_shape %{{.*}} [] : memref<1x1xf32, strided<[?, ?], offset: ?>> into memref<f32, strided<[], offset: ?>>
func.func @collapse_to_scalar(%t: tensor<4x4xf32>, %i: index) -> tensor<f32> {
  %s = tensor.extract_slice %t[%i, %i] [1, 1] [1, 1] : tensor<4x4xf32> to tensor<1x1xf32>
  %e = tensor.collapse_shape %s [] : tensor<1x1xf32> into tensor<f32>
  return %e : tensor<f32>
}
