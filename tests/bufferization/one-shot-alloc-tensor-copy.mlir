// RUN: strata-opt --one-shot-bufferize=bufferize-function-boundaries %s | FileCheck %s

// A bufferization.alloc_tensor with a copy operand takes its dynamic
// sizes from the buffer it copies, and its memory space when it has no
// memory_space of its own, as upstream.

// CHECK-LABEL: func.func @copy_dynamic
// CHECK: %[[D:.*]] = memref.dim %arg0, %c0
// CHECK-NEXT: %[[A:.*]] = memref.alloc(%[[D]]) {alignment = 64 : i64} : memref<?xf32>
// CHECK-NEXT: memref.copy %arg0, %[[A]]
func.func @copy_dynamic(%t: tensor<?xf32>, %i: index, %f: f32) -> tensor<?xf32> {
  %0 = bufferization.alloc_tensor() copy(%t) : tensor<?xf32>
  %1 = tensor.insert %f into %0[%i] : tensor<?xf32>
  return %1 : tensor<?xf32>
}

// CHECK-LABEL: func.func @copy_space
// CHECK: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32, 1>
// CHECK: %[[B:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32, 1>
// CHECK-NEXT: memref.copy %[[A]], %[[B]] : memref<4xf32, 1> to memref<4xf32, 1>
func.func @copy_space(%i: index, %f: f32) -> (f32, f32) {
  %0 = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<4xf32>
  %1 = tensor.insert %f into %0[%i] : tensor<4xf32>
  %2 = bufferization.alloc_tensor() copy(%1) : tensor<4xf32>
  %3 = tensor.insert %f into %2[%i] : tensor<4xf32>
  %a = tensor.extract %1[%i] : tensor<4xf32>
  %b = tensor.extract %3[%i] : tensor<4xf32>
  return %a, %b : f32, f32
}
