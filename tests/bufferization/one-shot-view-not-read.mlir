// RUN: strata-opt --one-shot-bufferize=bufferize-function-boundaries %s | FileCheck %s

// A view (tensor.extract_slice, tensor.cast) reads nothing itself: a
// write into a buffer conflicts with a later view of it only when what
// the view gives is read. Here the loop's init is written in place
// although a slice of it is taken in the loop, because that slice is
// only overwritten (the fill's init).

// CHECK-LABEL: func.func @tiled_fill
// CHECK-NOT: memref.copy %arg1
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %arg1) -> (memref<16x32xf32>)
func.func @tiled_fill(%a: tensor<16x32xf32>, %c: tensor<16x32xf32> {bufferization.buffer_layout = affine_map<(d0, d1) -> (d0, d1)>}) -> tensor<16x32xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %cst = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %c16 step %c4 iter_args(%acc = %c) -> (tensor<16x32xf32>) {
    %s = tensor.extract_slice %c[%i, 0] [4, 32] [1, 1] : tensor<16x32xf32> to tensor<4x32xf32>
    %f = linalg.fill ins(%cst : f32) outs(%s : tensor<4x32xf32>) -> tensor<4x32xf32>
    %x = tensor.extract_slice %a[%i, 0] [4, 32] [1, 1] : tensor<16x32xf32> to tensor<4x32xf32>
    %y = linalg.add ins(%x, %f : tensor<4x32xf32>, tensor<4x32xf32>) outs(%f : tensor<4x32xf32>) -> tensor<4x32xf32>
    %u = tensor.insert_slice %y into %acc[%i, 0] [4, 32] [1, 1] : tensor<4x32xf32> into tensor<16x32xf32>
    scf.yield %u : tensor<16x32xf32>
  }
  return %r : tensor<16x32xf32>
}

// A slice that is read keeps the conflict: the init is copied.

// CHECK-LABEL: func.func @tiled_read
// CHECK: memref.copy %arg0
// CHECK: scf.for
func.func @tiled_read(%c: tensor<16x32xf32> {bufferization.buffer_layout = affine_map<(d0, d1) -> (d0, d1)>}) -> tensor<16x32xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %r = scf.for %i = %c0 to %c16 step %c4 iter_args(%acc = %c) -> (tensor<16x32xf32>) {
    %s = tensor.extract_slice %c[%i, 0] [4, 32] [1, 1] : tensor<16x32xf32> to tensor<4x32xf32>
    %y = linalg.add ins(%s, %s : tensor<4x32xf32>, tensor<4x32xf32>) outs(%s : tensor<4x32xf32>) -> tensor<4x32xf32>
    %u = tensor.insert_slice %y into %acc[%i, 0] [4, 32] [1, 1] : tensor<4x32xf32> into tensor<16x32xf32>
    scf.yield %u : tensor<16x32xf32>
  }
  return %r : tensor<16x32xf32>
}
