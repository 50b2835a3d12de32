// RUN: strata-opt --one-shot-bufferize=bufferize-function-boundaries --split-input-file %s | FileCheck %s

// A reshape writes nothing: when its result may not share its operand's
// buffer, the reshaped view is copied, not the operand before reshaping.

// CHECK-LABEL: func.func @expand_then_write
// CHECK: %[[T:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK: %[[E:.*]] = memref.expand_shape %[[T]] {{\[}}[0, 1]] output_shape [2, 2]
// CHECK-NEXT: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2x2xf32>
// CHECK-NEXT: memref.copy %[[E]], %[[A]]
// CHECK: memref.store %arg0, %[[T]]
func.func @expand_then_write(%f: f32) -> (tensor<2x2xf32>, tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %t = tensor.from_elements %f, %f, %f, %f : tensor<4xf32>
  %e = tensor.expand_shape %t [[0, 1]] output_shape [2, 2] : tensor<4xf32> into tensor<2x2xf32>
  %w = tensor.insert %f into %t[%c0] : tensor<4xf32>
  return %e, %w : tensor<2x2xf32>, tensor<4xf32>
}

// -----

// The argument's strided buffer is copied first, to a buffer that can be
// collapsed; the collapsed view of that copy is copied again.
// CHECK-LABEL: func.func @collapse_then_write
// CHECK: memref.copy %arg0, %[[S:.*]] :
// CHECK-NEXT: %[[C:.*]] = memref.collapse_shape %[[S]] {{\[}}[0, 1]]
// CHECK-NEXT: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT: memref.copy %[[C]], %[[A]]
// CHECK: memref.store %arg1, %arg0
func.func @collapse_then_write(%t: tensor<2x2xf32>, %f: f32) -> (tensor<4xf32>, tensor<2x2xf32>) {
  %c0 = arith.constant 0 : index
  %c = tensor.collapse_shape %t [[0, 1]] : tensor<2x2xf32> into tensor<4xf32>
  %w = tensor.insert %f into %t[%c0, %c0] : tensor<2x2xf32>
  return %c, %w : tensor<4xf32>, tensor<2x2xf32>
}

// -----

// A reshaped view that is written while its operand is still read: the
// copy is of the view, and the write goes to the copy.
// CHECK-LABEL: func.func @expand_written
// CHECK: %[[E:.*]] = memref.expand_shape %[[S:.*]] {{\[}}[0, 1]] output_shape [2, 2]
// CHECK-NEXT: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2x2xf32>
// CHECK-NEXT: memref.copy %[[E]], %[[A]]
// CHECK-NEXT: memref.store %arg0, %[[A]]
func.func @expand_written(%f: f32, %i: index) -> (tensor<2x2xf32>, f32) {
  %c0 = arith.constant 0 : index
  %t = tensor.from_elements %f, %f, %f, %f : tensor<4xf32>
  %e = tensor.expand_shape %t [[0, 1]] output_shape [2, 2] : tensor<4xf32> into tensor<2x2xf32>
  %w = tensor.insert %f into %e[%c0, %c0] : tensor<2x2xf32>
  %x = tensor.extract %t[%i] : tensor<4xf32>
  return %w, %x : tensor<2x2xf32>, f32
}

// -----

// A view decided out of place but never read needs a buffer, not a copy.
// CHECK-LABEL: func.func @expand_overwritten
// CHECK: memref.expand_shape
// CHECK-NEXT: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2x2xf32>
// CHECK-NEXT: linalg.fill ins(%arg0 : f32) outs(%[[A]] : memref<2x2xf32>)
func.func @expand_overwritten(%f: f32) -> (tensor<2x2xf32>, tensor<4xf32>) {
  %t = tensor.from_elements %f, %f, %f, %f : tensor<4xf32>
  %e = tensor.expand_shape %t [[0, 1]] output_shape [2, 2] : tensor<4xf32> into tensor<2x2xf32>
  %w = linalg.fill ins(%f : f32) outs(%e : tensor<2x2xf32>) -> tensor<2x2xf32>
  return %w, %t : tensor<2x2xf32>, tensor<4xf32>
}
