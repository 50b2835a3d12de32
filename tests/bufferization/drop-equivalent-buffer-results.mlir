// RUN: strata-opt --one-shot-bufferize=bufferize-function-boundaries --drop-equivalent-buffer-results --split-input-file %s | FileCheck %s

// The private callee's first result is its argument, written in place:
// the result is dropped and the caller uses what it passed.
// CHECK-LABEL: func.func private @callee
// CHECK-SAME: -> memref<f32>
// CHECK-LABEL: func.func @caller
// CHECK: call @callee(%arg0, %arg2, %arg1) : (memref<?xf32, strided<[?], offset: ?>>, f32, index) -> memref<f32>
// CHECK: memref.load %arg0
func.func private @callee(%t: tensor<?xf32>, %f: f32, %i: index) -> (tensor<?xf32>, tensor<f32>) {
  %w = tensor.insert %f into %t[%i] : tensor<?xf32>
  %e = bufferization.alloc_tensor() : tensor<f32>
  return %w, %e : tensor<?xf32>, tensor<f32>
}
func.func @caller(%t: tensor<?xf32>, %i: index, %f: f32) -> (f32, tensor<f32>) {
  %0:2 = call @callee(%t, %f, %i) : (tensor<?xf32>, f32, index) -> (tensor<?xf32>, tensor<f32>)
  %x = tensor.extract %0#0[%i] : tensor<?xf32>
  return %x, %0#1 : f32, tensor<f32>
}

// -----

// A result returned through memref.cast of an argument is dropped too.
// CHECK-LABEL: func.func private @cast_of_argument
// CHECK-SAME: (%{{.*}}: memref<?xf32, strided<[?], offset: ?>>, %{{.*}}: index) -> memref<?xf32, strided<[?], offset: ?>>
func.func private @cast_of_argument(%t: tensor<?xf32>, %sz: index) -> (tensor<10xf32>, tensor<?xf32>) {
  %casted = tensor.cast %t : tensor<?xf32> to tensor<10xf32>
  %slice = tensor.extract_slice %casted[2][%sz][1] : tensor<10xf32> to tensor<?xf32>
  return %casted, %slice : tensor<10xf32>, tensor<?xf32>
}

// -----

// Public functions and declarations keep their results.
// CHECK-LABEL: func.func @public_identity
// CHECK-SAME: -> memref<?xf32, strided<[?], offset: ?>>
// CHECK-LABEL: func.func private @declared
// CHECK-SAME: -> memref<?xf32, strided<[?], offset: ?>>
func.func @public_identity(%t: tensor<?xf32>) -> tensor<?xf32> {
  return %t : tensor<?xf32>
}
func.func private @declared(tensor<?xf32>) -> tensor<?xf32>
