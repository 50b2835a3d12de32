// RUN: strata-opt --split-input-file --one-shot-bufferize="dialect-filter=tensor,bufferization copy-before-write unknown-type-conversion=identity-layout-map" %s | FileCheck %s

// Outside dialect-filter, the linalg.map that fills the new buffer of a
// tensor.generate, tensor.splat or tensor.pad stays on tensors: it writes
// the allocation read back with bufferization.to_tensor, and its result
// takes the place of the operation's.

// CHECK-LABEL: func.func @generate
// CHECK: %[[A:.*]] = memref.alloc(%arg1) {alignment = 64 : i64} : memref<?xindex>
// CHECK: %[[T:.*]] = bufferization.to_tensor %[[A]] : memref<?xindex> to tensor<?xindex>
// CHECK: %[[M:.*]] = linalg.map outs(%[[T]] : tensor<?xindex>)
// CHECK: linalg.index 0 : index
// CHECK: memref.dim
// CHECK: return %[[M]] : tensor<?xindex>
func.func @generate(%arg: tensor<?xf32>, %n: index) -> tensor<?xindex> {
  %r = tensor.generate %n {
  ^bb0(%i : index):
    %d = tensor.dim %arg, %i : tensor<?xf32>
    tensor.yield %d : index
  } : tensor<?xindex>
  return %r : tensor<?xindex>
}

// -----

// CHECK-LABEL: func.func @splat
// CHECK: %[[A:.*]] = memref.alloc(%arg1) {alignment = 64 : i64} : memref<?x4xf32>
// CHECK: %[[T:.*]] = bufferization.to_tensor %[[A]]
// CHECK: %[[M:.*]] = linalg.map outs(%[[T]] : tensor<?x4xf32>)
// CHECK-NEXT: (%init: f32) {
// CHECK-NEXT: linalg.yield %arg0 : f32
// CHECK: return %[[M]]
func.func @splat(%f: f32, %n: index) -> tensor<?x4xf32> {
  %t = tensor.splat %f[%n] : tensor<?x4xf32>
  return %t : tensor<?x4xf32>
}

// -----

// The tensor.dim operations and the tensor.insert_slice that tensor.pad
// builds are bufferized after the function's other operations: each
// reads the source through a to_buffer of its own, made after the one of
// the tensor.extract that follows the pad; that extract reads the padded
// buffer through a to_buffer of the map's result.

// CHECK-LABEL: func.func @pad_then_extract
// CHECK: %[[B0:.*]] = bufferization.to_buffer %arg0
// CHECK: %[[B1:.*]] = bufferization.to_buffer %arg0
// CHECK: %[[B2:.*]] = bufferization.to_buffer %arg0
// CHECK: %[[B3:.*]] = bufferization.to_buffer %arg0
// CHECK: %[[B4:.*]] = bufferization.to_buffer %arg0
// CHECK: %[[B5:.*]] = bufferization.to_buffer %arg0
// CHECK: memref.dim %[[B4]]
// CHECK: memref.dim %[[B3]]
// CHECK: memref.dim %[[B2]]
// CHECK: %[[M:.*]] = linalg.map outs
// CHECK: %[[P:.*]] = bufferization.to_buffer %[[M]] : tensor<?x?xindex> to memref<?x?xindex>
// CHECK: memref.dim %[[B1]]
// CHECK: %[[S:.*]] = memref.subview %[[P]][5, %arg1]
// CHECK: memref.copy %[[B0]], %[[S]]
// CHECK: %[[R:.*]] = bufferization.to_tensor %[[P]]
// CHECK: memref.load %[[P]][%arg4, %arg4]
// CHECK: memref.load %[[B5]][%arg4, %arg4]
// CHECK: return %[[R]]
func.func @pad_then_extract(%t: tensor<?x10xindex>, %l: index, %h1: index, %h2: index, %i: index) -> (tensor<?x?xindex>, index, index) {
  %0 = tensor.pad %t low[5, %l] high[%h1, %h2] {
  ^bb0(%a: index, %b: index):
    %m = arith.muli %a, %b : index
    tensor.yield %m : index
  } : tensor<?x10xindex> to tensor<?x?xindex>
  %e = tensor.extract %0[%i, %i] : tensor<?x?xindex>
  %f = tensor.extract %t[%i, %i] : tensor<?x10xindex>
  return %0, %e, %f : tensor<?x?xindex>, index, index
}

// -----

// tensor.concat reads each input through a buffer of its own, and the
// tensor.dim operations of its reified shape later; the offset along the
// concatenated dimension is summed after the last input too.

// CHECK-LABEL: func.func @concat_dynamic
// CHECK: %[[B0:.*]] = bufferization.to_buffer %arg1
// CHECK: %[[B1:.*]] = bufferization.to_buffer %arg0
// CHECK: %[[B2:.*]] = bufferization.to_buffer %arg1
// CHECK: %[[B3:.*]] = bufferization.to_buffer %arg0
// CHECK: memref.dim %[[B1]]
// CHECK: memref.dim %[[B0]]
// CHECK: %[[A:.*]] = memref.alloc
// CHECK: memref.dim %[[A]]
// CHECK: memref.copy %[[B3]]
// CHECK: memref.copy %[[B2]]
// CHECK: affine.apply
// CHECK: bufferization.to_tensor %[[A]]
func.func @concat_dynamic(%f: tensor<8x?xf32>, %g: tensor<8x?xf32>) -> tensor<8x?xf32> {
  %t = tensor.concat dim(1) %f, %g : (tensor<8x?xf32>, tensor<8x?xf32>) -> tensor<8x?xf32>
  return %t : tensor<8x?xf32>
}

// -----

// CHECK-LABEL: func.func @concat_static_last
// CHECK: memref.copy
// CHECK: %[[O:.*]] = affine.apply #{{.*}}()[%{{.*}}, %{{.*}}]
// CHECK: memref.subview %{{.*}}[0, %[[O]]] [8, 2] [1, 1]
// CHECK: memref.copy
// CHECK: affine.apply
// CHECK: bufferization.to_tensor
func.func @concat_static_last(%f: tensor<8x?xf32>, %g: tensor<8x?xf32>, %h: tensor<8x2xf32>) -> tensor<8x10xf32> {
  %0 = tensor.concat dim(1) %f, %g, %h : (tensor<8x?xf32>, tensor<8x?xf32>, tensor<8x2xf32>) -> tensor<8x10xf32>
  return %0 : tensor<8x10xf32>
}
