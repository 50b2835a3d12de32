// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// The bufferization operations in their custom form.

// CHECK-LABEL: func.func @ops
// CHECK-NEXT: %0 = bufferization.to_tensor %arg0 : memref<4xf32> to tensor<4xf32>
// CHECK-NEXT: %1 = bufferization.to_tensor %arg0 restrict writable : memref<4xf32> to tensor<4xf32>
// CHECK-NEXT: %2 = bufferization.to_buffer %arg1 : tensor<4xf32> to memref<4xf32>
// CHECK-NEXT: %3 = bufferization.to_buffer %arg1 read_only : tensor<4xf32> to memref<4xf32>
// CHECK-NEXT: %4 = bufferization.alloc_tensor(%arg2) : tensor<?xf32>
// CHECK-NEXT: %5 = bufferization.alloc_tensor() copy(%arg1) : tensor<4xf32>
// CHECK-NEXT: %6 = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<4xf32>
// CHECK-NEXT: %7 = bufferization.alloc_tensor(%arg2) size_hint=%arg2 : tensor<?xf32>
// CHECK-NEXT: %8 = bufferization.materialize_in_destination %arg1 in %arg1 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: bufferization.materialize_in_destination %arg1 in restrict writable %arg0 : (tensor<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT: bufferization.dealloc_tensor %arg1 : tensor<4xf32>
// CHECK-NEXT: %9 = bufferization.clone %arg0 : memref<4xf32> to memref<4xf32>
// CHECK-NEXT: %10 = bufferization.dealloc (%arg0, %arg3 : memref<4xf32>, memref<?xf32>) if (%arg4, %arg4) retain (%arg0 : memref<4xf32>)
// CHECK-NEXT: bufferization.dealloc (%arg0 : memref<4xf32>) if (%arg4)
// CHECK-NEXT: %11:2 = bufferization.dealloc (%arg0 : memref<4xf32>) if (%arg4) retain (%arg0, %arg3 : memref<4xf32>, memref<?xf32>)
// GENERIC: "bufferization.alloc_tensor"(%{{.*}}, %{{.*}}) <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (index, index) -> tensor<?xf32>
// GENERIC: "bufferization.dealloc"(%{{.*}}) <{operandSegmentSizes = array<i32: 1, 1, 2>}> : (memref<4xf32>, i1, memref<4xf32>, memref<?xf32>) -> (i1, i1)
func.func @ops(%m: memref<4xf32>, %t: tensor<4xf32>, %i: index, %u: memref<?xf32>, %cond: i1) {
  %0 = bufferization.to_tensor %m : memref<4xf32> to tensor<4xf32>
  %1 = bufferization.to_tensor %m restrict writable : memref<4xf32> to tensor<4xf32>
  %2 = bufferization.to_buffer %t : tensor<4xf32> to memref<4xf32>
  %3 = bufferization.to_buffer %t read_only : tensor<4xf32> to memref<4xf32>
  %4 = bufferization.alloc_tensor(%i) : tensor<?xf32>
  %5 = bufferization.alloc_tensor() copy(%t) : tensor<4xf32>
  %6 = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<4xf32>
  %7 = bufferization.alloc_tensor(%i) size_hint=%i : tensor<?xf32>
  %8 = bufferization.materialize_in_destination %t in %t : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  bufferization.materialize_in_destination %t in restrict writable %m : (tensor<4xf32>, memref<4xf32>) -> ()
  bufferization.dealloc_tensor %t : tensor<4xf32>
  %9 = bufferization.clone %m : memref<4xf32> to memref<4xf32>
  %10 = bufferization.dealloc (%m, %u : memref<4xf32>, memref<?xf32>) if (%cond, %cond) retain (%m : memref<4xf32>)
  bufferization.dealloc (%m : memref<4xf32>) if (%cond)
  %11:2 = bufferization.dealloc (%m : memref<4xf32>) if (%cond) retain (%m, %u : memref<4xf32>, memref<?xf32>)
  return
}
