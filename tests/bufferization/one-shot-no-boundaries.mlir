// RUN: strata-opt --one-shot-bufferize %s | FileCheck %s

// Without bufferize-function-boundaries, signatures stay on tensors, as
// upstream: an argument is read through a bufferization.to_buffer at the
// start of the function (one for each use), which may not be written; a
// returned tensor is read back with bufferization.to_tensor.

// CHECK-LABEL: func.func @no_conflict(
// CHECK-SAME: -> tensor<3xf32>
// CHECK: %[[A:.*]] = memref.alloc()
// CHECK: memref.store %arg1, %[[A]][%arg2]
// CHECK: %[[T:.*]] = bufferization.to_tensor %[[A]]
// CHECK: return %[[T]]
func.func @no_conflict(%fill: f32, %f: f32, %idx: index) -> tensor<3xf32> {
  %t = tensor.from_elements %fill, %fill, %fill : tensor<3xf32>
  %i = tensor.insert %f into %t[%idx] : tensor<3xf32>
  return %i : tensor<3xf32>
}

// CHECK-LABEL: func.func @alloc_tensor_with_copy(
// CHECK: %[[M:.*]] = bufferization.to_buffer %arg0
// CHECK: %[[A:.*]] = memref.alloc()
// CHECK: memref.copy %[[M]], %[[A]]
func.func @alloc_tensor_with_copy(%t: tensor<5xf32>) -> tensor<5xf32> {
  %0 = bufferization.alloc_tensor() copy(%t) : tensor<5xf32>
  return %0 : tensor<5xf32>
}

// The argument may not be written: the insert goes to a copy, while the
// slice reads the argument's own buffer.
// CHECK-LABEL: func.func @read_of_alias(
// CHECK: %[[M0:.*]] = bufferization.to_buffer %arg0
// CHECK: %[[M1:.*]] = bufferization.to_buffer %arg0
// CHECK: %[[A:.*]] = memref.alloc()
// CHECK: memref.copy %[[M1]], %[[A]]
// CHECK: memref.subview %[[M0]]
func.func @read_of_alias(%t: tensor<100xf32>, %pos1: index, %pos2: index,
                         %pos3: index, %sz: index, %f: f32) -> (f32, f32) {
  %0 = tensor.insert %f into %t[%pos1] : tensor<100xf32>
  %1 = tensor.extract_slice %t[%pos2][%sz][1] : tensor<100xf32> to tensor<?xf32>
  %2 = tensor.extract %1[%pos3] : tensor<?xf32>
  %3 = tensor.extract %0[%pos3] : tensor<100xf32>
  return %2, %3 : f32, f32
}

// CHECK-LABEL: func.func @from_elements(
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT: memref.store %arg0, %{{.*}}[%[[C0]], %[[C0]]]
func.func @from_elements(%a: f32, %b: f32) -> (tensor<2x3xf32>, tensor<f32>) {
  %0 = tensor.from_elements %a, %b, %a, %b, %a, %b : tensor<2x3xf32>
  %1 = tensor.from_elements %a : tensor<f32>
  return %0, %1 : tensor<2x3xf32>, tensor<f32>
}

// An insert into an argument goes to a copy.
// CHECK-LABEL: func.func @insert_into_argument(
// CHECK: %[[M:.*]] = bufferization.to_buffer %arg0
// CHECK: %[[A:.*]] = memref.alloc()
// CHECK: memref.copy %[[M]], %[[A]]
// CHECK: memref.store %arg2, %[[A]][%arg1]
func.func @insert_into_argument(%t: tensor<4xf32>, %i: index, %f: f32) -> tensor<4xf32> {
  %0 = tensor.insert %f into %t[%i] : tensor<4xf32>
  return %0 : tensor<4xf32>
}
