// RUN: strata-opt --allow-unregistered-dialect --canonicalize %s | FileCheck %s
// RUN: strata-opt --allow-unregistered-dialect --cse %s | FileCheck %s --check-prefix=CSE

// Unused casts and clones are removed, alloc_tensor stays (its effects are
// unknown), and equal casts are merged by CSE.

// CHECK-LABEL: func.func @effects
// CHECK-NEXT: %0 = bufferization.alloc_tensor(%arg2) : tensor<?xf32>
// CHECK-NEXT: %1 = bufferization.to_tensor %arg0 : memref<4xf32> to tensor<4xf32>
// CHECK-NEXT: %2 = bufferization.to_tensor %arg0 : memref<4xf32> to tensor<4xf32>
// CSE-LABEL: func.func @effects
// CSE-NEXT: %0 = bufferization.alloc_tensor(%arg2) : tensor<?xf32>
// CSE-NEXT: %1 = bufferization.to_tensor %arg0 : memref<4xf32> to tensor<4xf32>
// CSE-NEXT: %2 = bufferization.to_buffer %arg1 read_only : tensor<4xf32> to memref<4xf32>
// CSE-NEXT: "test.use"(%1, %1, %2, %2)
func.func @effects(%m: memref<4xf32>, %t: tensor<4xf32>, %i: index) {
  %0 = bufferization.to_tensor %m : memref<4xf32> to tensor<4xf32>
  %1 = bufferization.to_buffer %t : tensor<4xf32> to memref<4xf32>
  %2 = bufferization.clone %m : memref<4xf32> to memref<4xf32>
  %3 = bufferization.alloc_tensor(%i) : tensor<?xf32>
  %4 = bufferization.to_tensor %m : memref<4xf32> to tensor<4xf32>
  %5 = bufferization.to_tensor %m : memref<4xf32> to tensor<4xf32>
  %6 = bufferization.to_buffer %t read_only : tensor<4xf32> to memref<4xf32>
  %7 = bufferization.to_buffer %t read_only : tensor<4xf32> to memref<4xf32>
  "test.use"(%4, %5, %6, %7) : (tensor<4xf32>, tensor<4xf32>, memref<4xf32>, memref<4xf32>) -> ()
  return
}

// A load or a dimension of a to_buffer reads its tensor instead.
// CHECK-LABEL: func.func @read_through_to_buffer
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[E:.*]] = tensor.extract %arg0[%arg1] : tensor<?xf32>
// CHECK-NEXT: %[[D:.*]] = tensor.dim %arg0, %[[C0]] : tensor<?xf32>
// CHECK-NEXT: return %[[E]], %[[D]]
func.func @read_through_to_buffer(%t: tensor<?xf32>, %i: index) -> (f32, index) {
  %c0 = arith.constant 0 : index
  %m = bufferization.to_buffer %t : tensor<?xf32> to memref<?xf32, strided<[?], offset: ?>>
  %v = memref.load %m[%i] : memref<?xf32, strided<[?], offset: ?>>
  %d = memref.dim %m, %c0 : memref<?xf32, strided<[?], offset: ?>>
  return %v, %d : f32, index
}
