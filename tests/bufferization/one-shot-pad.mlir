// RUN: strata-opt --one-shot-bufferize=bufferize-function-boundaries %s | FileCheck %s

// tensor.pad and tensor.generate fill their new buffer with a linalg.map
// whose body computes the indices with linalg.index; the pad's sizes are
// computed with affine.apply, once unused and once folded (as upstream's
// reified shape), for the allocation.

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

// Dynamic padding: the constants fold into the maps of the sizes.
// CHECK-LABEL: func.func @pad_dyn_low
// CHECK: affine.apply #{{.*}}()[%{{.*}}, %arg1, %{{.*}}]
// CHECK: %[[S0:.*]] = affine.apply #{{.*}}()[%{{.*}}, %arg1]
// CHECK: %[[S1:.*]] = affine.apply #{{.*}}()[%arg2]
// CHECK: memref.alloc(%[[S0]], %[[S1]])
// CHECK: linalg.map outs(
// CHECK: memref.subview %{{.*}}[%arg1, 1]
func.func @pad_dyn_low(%t: tensor<?x4xf32>, %l: index, %h: index) -> tensor<?x?xf32> {
  %c = arith.constant 1.0 : f32
  %0 = tensor.pad %t low[%l, 1] high[2, %h] {
  ^bb0(%i: index, %j: index):
    tensor.yield %c : f32
  } : tensor<?x4xf32> to tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// A static pad whose padding value depends on the index.
// CHECK-LABEL: func.func @pad_static
// CHECK: memref.alloc() {{.*}} : memref<4x7xf32>
// CHECK: linalg.map outs(
// CHECK: linalg.index 0
// CHECK: arith.index_cast
func.func @pad_static(%t: tensor<2x3xf32>) -> tensor<4x7xf32> {
  %c = arith.constant 1.0 : f32
  %0 = tensor.pad %t low[1, 2] high[1, 2] {
  ^bb0(%i: index, %j: index):
    %x = arith.index_cast %i : index to i32
    %f = arith.sitofp %x : i32 to f32
    tensor.yield %f : f32
  } : tensor<2x3xf32> to tensor<4x7xf32>
  return %0 : tensor<4x7xf32>
}

// The same value as low and high padding is one symbol of the map.
// CHECK-LABEL: func.func @pad_same
// CHECK: memref.alloc(
func.func @pad_same(%t: tensor<?xf32>, %l: index) -> tensor<?xf32> {
  %c = arith.constant 1.0 : f32
  %0 = tensor.pad %t low[%l] high[%l] {
  ^bb0(%i: index):
    tensor.yield %c : f32
  } : tensor<?xf32> to tensor<?xf32>
  return %0 : tensor<?xf32>
}

// CHECK-LABEL: func.func @gen
// CHECK: %[[A:.*]] = memref.alloc(%arg0)
// CHECK: linalg.map outs(%[[A]] : memref<?x3xindex>)
// CHECK: linalg.index 0
// CHECK: linalg.index 1
// CHECK: arith.addi
// CHECK: linalg.yield
func.func @gen(%n: index) -> tensor<?x3xindex> {
  %0 = tensor.generate %n {
  ^bb0(%i: index, %j: index):
    %s = arith.addi %i, %j : index
    tensor.yield %s : index
  } : tensor<?x3xindex>
  return %0 : tensor<?x3xindex>
}
