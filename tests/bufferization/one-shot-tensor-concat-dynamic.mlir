// RUN: strata-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" -cse --split-input-file %s | FileCheck %s

// A dynamic concatenated dimension: the buffer's size is the sum of the
// inputs' sizes, and each input is copied at the sum of the sizes before
// it.
// CHECK-LABEL: func.func @concat_dynamic
// CHECK: %[[S:.*]] = affine.apply
// CHECK: memref.alloc(%[[S]])
func.func @concat_dynamic(%f: tensor<8x?xf32>, %g: tensor<8x?xf32>, %h: tensor<8x?xf32>) -> tensor<8x?xf32> {
  %t = tensor.concat dim(1) %f, %g, %h : (tensor<8x?xf32>, tensor<8x?xf32>, tensor<8x?xf32>) -> tensor<8x?xf32>
  return %t : tensor<8x?xf32>
}

// -----

// A dynamic dimension besides the concatenated one is the first input's
// in the allocation, and the buffer's own in the subviews.
// CHECK-LABEL: func.func @concat_dynamic_other_dim
// CHECK: memref.dim %alloc
func.func @concat_dynamic_other_dim(%f: tensor<?x?xf32>, %g: tensor<?x3xf32>) -> tensor<?x?xf32> {
  %t = tensor.concat dim(1) %f, %g : (tensor<?x?xf32>, tensor<?x3xf32>) -> tensor<?x?xf32>
  return %t : tensor<?x?xf32>
}

// -----

// Static inputs after dynamic ones: the offsets fold the static sizes in.
// CHECK-LABEL: func.func @concat_mixed
// CHECK: memref.alloc(%{{.*}}) {{.*}} : memref<4x?xf32>
func.func @concat_mixed(%f: tensor<4x2xf32>, %g: tensor<4x?xf32>, %h: tensor<4x5xf32>, %k: tensor<4x?xf32>) -> tensor<4x?xf32> {
  %t = tensor.concat dim(1) %f, %g, %h, %k : (tensor<4x2xf32>, tensor<4x?xf32>, tensor<4x5xf32>, tensor<4x?xf32>) -> tensor<4x?xf32>
  return %t : tensor<4x?xf32>
}

// -----

// A static result of dynamic inputs.
// CHECK-LABEL: func.func @concat_static_result
// CHECK: memref.alloc() {{.*}} : memref<6x4xf32>
func.func @concat_static_result(%f: tensor<?x4xf32>, %g: tensor<?x4xf32>) -> tensor<6x4xf32> {
  %t = tensor.concat dim(0) %f, %g : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<6x4xf32>
  return %t : tensor<6x4xf32>
}
