// RUN: strata-opt --split-input-file --one-shot-bufferize="dialect-filter=tensor" %s | FileCheck %s
// RUN: strata-opt --split-input-file --one-shot-bufferize="dialect-filter=tensor,linalg" %s | FileCheck %s --check-prefix=LINALG

// Without bufferization in dialect-filter, the bufferization.alloc_tensor
// of the new tensor of tensor.generate, tensor.splat and tensor.concat
// stays on tensors; a linalg.map or a tensor.concat that is bufferized
// writes it through a to_buffer (of the layout of unknown-type-conversion
// for the linalg.map, of the identity one for tensor.concat).

// CHECK-LABEL: func.func @splat
// CHECK: %[[T:.*]] = bufferization.alloc_tensor() : tensor<4xf32>
// CHECK: %[[M:.*]] = linalg.map outs(%[[T]] : tensor<4xf32>)
// CHECK: return %[[M]]
// LINALG-LABEL: func.func @splat
// LINALG: %[[T:.*]] = bufferization.alloc_tensor() : tensor<4xf32>
// LINALG: %[[B:.*]] = bufferization.to_buffer %[[T]] : tensor<4xf32> to memref<4xf32, strided<[?], offset: ?>>
// LINALG: linalg.map outs(%[[B]] : memref<4xf32, strided<[?], offset: ?>>)
// LINALG: %[[R:.*]] = bufferization.to_tensor %[[B]]
// LINALG: return %[[R]]
func.func @splat(%f: f32) -> tensor<4xf32> {
  %t = tensor.splat %f : tensor<4xf32>
  return %t : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @generate
// CHECK: bufferization.alloc_tensor(%arg0) : tensor<?xindex>
// CHECK: linalg.map outs(%{{.*}} : tensor<?xindex>)
// LINALG-LABEL: func.func @generate
// LINALG: linalg.map outs(%{{.*}} : memref<?xindex, strided<[?], offset: ?>>)
func.func @generate(%n: index) -> tensor<?xindex> {
  %r = tensor.generate %n {
  ^bb0(%i : index):
    tensor.yield %i : index
  } : tensor<?xindex>
  return %r : tensor<?xindex>
}

// -----

// CHECK-LABEL: func.func @concat
// CHECK: %[[T:.*]] = bufferization.alloc_tensor() : tensor<8x9xf32>
// CHECK: %[[B:.*]] = bufferization.to_buffer %[[T]] : tensor<8x9xf32> to memref<8x9xf32>
// CHECK: memref.subview %[[B]][0, 0] [8, 4] [1, 1]
// CHECK: memref.subview %[[B]][0, 4] [8, 5] [1, 1]
func.func @concat(%f: tensor<8x4xf32>, %g: tensor<8x5xf32>) -> tensor<8x9xf32> {
  %t = tensor.concat dim(1) %f, %g : (tensor<8x4xf32>, tensor<8x5xf32>) -> tensor<8x9xf32>
  return %t : tensor<8x9xf32>
}
