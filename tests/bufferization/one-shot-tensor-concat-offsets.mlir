// RUN: strata-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --split-input-file %s | FileCheck %s

// The offset of each input along a dynamic concatenated dimension is the
// running offset plus the previous input's size, summed as symbols
// (s0 + s1): the affine.apply defining the running offset is composed
// into the sum, its operands listed after the size it is added to.

// CHECK-DAG: #[[SUM4:.*]] = affine_map<()[s0, s1, s2, s3] -> (s0 + s1 + s2 + s3)>
// CHECK-DAG: #[[SUM2:.*]] = affine_map<()[s0, s1] -> (s0 + s1)>
// CHECK-DAG: #[[SUM3:.*]] = affine_map<()[s0, s1, s2] -> (s0 + s1 + s2)>
// CHECK-LABEL: func.func @four_dynamic
// CHECK: memref.alloc
// CHECK: %[[DA:.*]] = memref.dim %arg0, %c0
// CHECK: memref.subview %alloc[0] [%[[DA]]] [1]
// CHECK: %[[DB:.*]] = memref.dim %arg1, %c0
// CHECK: memref.subview %alloc[%[[DA]]] [%[[DB]]] [1]
// CHECK: %[[O2:.*]] = affine.apply #[[SUM2]]()[%[[DA]], %[[DB]]]
// CHECK: %[[DC:.*]] = memref.dim %arg2, %c0
// CHECK: memref.subview %alloc[%[[O2]]] [%[[DC]]] [1]
// CHECK: %[[O3:.*]] = affine.apply #[[SUM3]]()[%[[DC]], %[[DA]], %[[DB]]]
// CHECK: %[[DD:.*]] = memref.dim %arg3, %c0
// CHECK: memref.subview %alloc[%[[O3]]] [%[[DD]]] [1]
// CHECK: affine.apply #[[SUM4]]()[%[[DD]], %[[DC]], %[[DA]], %[[DB]]]
func.func @four_dynamic(%a: tensor<?xf32>, %b: tensor<?xf32>, %c: tensor<?xf32>, %d: tensor<?xf32>) -> tensor<?xf32> {
  %r = tensor.concat dim(0) %a, %b, %c, %d : (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// Static sizes are folded into the sums as constants.

// CHECK-DAG: #[[SUM5:.*]] = affine_map<()[s0, s1] -> (s0 + s1 + 5)>
// CHECK-DAG: #[[P5:.*]] = affine_map<()[s0] -> (s0 + 5)>
// CHECK-LABEL: func.func @mixed
// CHECK: memref.alloc
// CHECK: %[[DA:.*]] = memref.dim %arg0, %c1
// CHECK: %[[O1:.*]] = affine.apply #[[P5]]()[%[[DA]]]
// CHECK: %[[DC:.*]] = memref.dim %arg2, %c1
// CHECK: memref.subview %alloc[0, %[[O1]]] [3, %[[DC]]]
// CHECK: affine.apply #[[SUM5]]()[%[[DC]], %[[DA]]]
func.func @mixed(%a: tensor<3x?xf32>, %b: tensor<3x5xf32>, %c: tensor<3x?xf32>) -> tensor<3x?xf32> {
  %r = tensor.concat dim(1) %a, %b, %c : (tensor<3x?xf32>, tensor<3x5xf32>, tensor<3x?xf32>) -> tensor<3x?xf32>
  return %r : tensor<3x?xf32>
}
