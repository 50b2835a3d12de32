// RUN: strata-opt --split-input-file --one-shot-bufferize="bufferize-function-boundaries" %s | FileCheck %s
// RUN: strata-opt --split-input-file --one-shot-bufferize %s | FileCheck %s

// The buffer of a tensor.pad is allocated in the memory space of its
// source's buffer.

// CHECK-LABEL: func.func @pad_copy_memory_space
// CHECK: %[[P:.*]] = memref.alloc() {alignment = 64 : i64} : memref<15xf32, 3>
// CHECK: linalg.map outs(%[[P]] : memref<15xf32, 3>)
// CHECK: memref.subview %[[P]][2] [%{{.*}}] [1] : memref<15xf32, 3> to memref<?xf32, strided<[1], offset: 2>, 3>
func.func @pad_copy_memory_space(%n: index, %h1: index, %f: f32, %pos: index) -> f32 {
  %t = bufferization.alloc_tensor(%n) {memory_space = 3 : i64} : tensor<?xf32>
  %0 = bufferization.alloc_tensor() copy(%t) : tensor<?xf32>
  %1 = tensor.pad %0 low[2] high[%h1] {
  ^bb0(%arg0: index):
    tensor.yield %f : f32
  } : tensor<?xf32> to tensor<15xf32>
  %2 = tensor.extract %1[%pos] : tensor<15xf32>
  return %2 : f32
}

// -----

// CHECK-LABEL: func.func @pad_memory_space
// CHECK: memref.alloc() {alignment = 64 : i64} : memref<15xf32, 1>
func.func @pad_memory_space(%h1: index, %f: f32, %pos: index, %n: index) -> f32 {
  %t = bufferization.alloc_tensor(%n) {memory_space = 1 : i64} : tensor<?xf32>
  %1 = tensor.pad %t low[2] high[%h1] {
  ^bb0(%arg0: index):
    tensor.yield %f : f32
  } : tensor<?xf32> to tensor<15xf32>
  %2 = tensor.extract %1[%pos] : tensor<15xf32>
  return %2 : f32
}
