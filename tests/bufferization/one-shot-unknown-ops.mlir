// RUN: strata-opt --one-shot-bufferize="bufferize-function-boundaries allow-unknown-ops" --split-input-file %s | FileCheck %s

// Operations without a bufferization stay on tensors: their operands are
// read back with bufferization.to_tensor, their results get buffers with
// bufferization.to_buffer (of the fully dynamic layout). tensor.rank and
// tensor.reshape bufferize.

// CHECK-LABEL: func.func @f
// CHECK: %[[T:.*]] = bufferization.to_tensor %arg0 : memref<4xf32, strided<[?], offset: ?>> to tensor<4xf32>
// CHECK: %[[A:.*]] = math.atan %[[T]] : tensor<4xf32>
// CHECK: memref.rank %arg1
// CHECK: memref.copy %arg1, %[[C:.*]] : memref<2x2xf32, strided<[?, ?], offset: ?>> to memref<2x2xf32>
// CHECK: memref.reshape %[[C]](%arg2)
// CHECK: bufferization.to_buffer %[[A]] : tensor<4xf32> to memref<4xf32, strided<[?], offset: ?>>
func.func @f(%t: tensor<4xf32>, %s: tensor<2x2xf32>, %shape: tensor<1xindex>) -> (tensor<4xf32>, index, tensor<?xf32>) {
  %0 = math.atan %t : tensor<4xf32>
  %1 = tensor.rank %s : tensor<2x2xf32>
  %2 = tensor.reshape %s(%shape) : (tensor<2x2xf32>, tensor<1xindex>) -> tensor<?xf32>
  return %0, %1, %2 : tensor<4xf32>, index, tensor<?xf32>
}

// -----

// linalg.pack has no bufferization upstream either.
// CHECK-LABEL: func.func @p
// CHECK: %[[D:.*]] = bufferization.to_tensor %arg1
// CHECK: %[[S:.*]] = bufferization.to_tensor %arg0
// CHECK: %[[P:.*]] = linalg.pack %[[S]] inner_dims_pos = [0, 1] inner_tiles = [4, 4] into %[[D]]
// CHECK: bufferization.to_buffer %[[P]]
func.func @p(%a: tensor<16x16xf32>, %d: tensor<4x4x4x4xf32>) -> tensor<4x4x4x4xf32> {
  %0 = linalg.pack %a inner_dims_pos = [0, 1] inner_tiles = [4, 4] into %d : tensor<16x16xf32> -> tensor<4x4x4x4xf32>
  return %0 : tensor<4x4x4x4xf32>
}
