// RUN: strata-opt --canonicalize %s | FileCheck %s

// Folding of buffer/tensor round trips, casts moved to the buffer side,
// dimensions read from the buffer, and dead clones and deallocs.

// CHECK-LABEL: func.func @to_buffer_of_to_tensor
// CHECK-NEXT: return %arg0 : memref<4xf32>
func.func @to_buffer_of_to_tensor(%m: memref<4xf32>) -> memref<4xf32> {
  %0 = bufferization.to_tensor %m : memref<4xf32> to tensor<4xf32>
  %1 = bufferization.to_buffer %0 : tensor<4xf32> to memref<4xf32>
  return %1 : memref<4xf32>
}

// CHECK-LABEL: func.func @to_tensor_of_to_buffer
// CHECK-NEXT: return %arg0 : tensor<4xf32>
func.func @to_tensor_of_to_buffer(%t: tensor<4xf32>) -> tensor<4xf32> {
  %1 = bufferization.to_buffer %t : tensor<4xf32> to memref<4xf32>
  %0 = bufferization.to_tensor %1 : memref<4xf32> to tensor<4xf32>
  return %0 : tensor<4xf32>
}

// CHECK-LABEL: func.func @to_buffer_of_cast
// CHECK-NEXT: %0 = bufferization.to_buffer %arg0 : tensor<4xf32> to memref<4xf32>
// CHECK-NEXT: %cast = memref.cast %0 : memref<4xf32> to memref<?xf32>
// CHECK-NEXT: return %cast : memref<?xf32>
func.func @to_buffer_of_cast(%t: tensor<4xf32>) -> memref<?xf32> {
  %0 = tensor.cast %t : tensor<4xf32> to tensor<?xf32>
  %1 = bufferization.to_buffer %0 : tensor<?xf32> to memref<?xf32>
  return %1 : memref<?xf32>
}

// CHECK-LABEL: func.func @dim_of_to_tensor
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %dim = memref.dim %arg0, %c0 : memref<?xf32>
// CHECK-NEXT: return %dim : index
func.func @dim_of_to_tensor(%m: memref<?xf32>) -> index {
  %c0 = arith.constant 0 : index
  %0 = bufferization.to_tensor %m : memref<?xf32> to tensor<?xf32>
  %1 = tensor.dim %0, %c0 : tensor<?xf32>
  return %1 : index
}

// CHECK-LABEL: func.func @dead_clone_and_empty_dealloc
// CHECK-NEXT: return
func.func @dead_clone_and_empty_dealloc(%m: memref<4xf32>, %c: i1) {
  %0 = bufferization.clone %m : memref<4xf32> to memref<4xf32>
  bufferization.dealloc
  return
}
