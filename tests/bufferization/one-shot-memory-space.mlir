// RUN: strata-opt --one-shot-bufferize=bufferize-function-boundaries %s | FileCheck %s

// bufferization.alloc_tensor's memory_space is the memory space of its
// buffer, and of the copies made of it.

// CHECK-LABEL: func.func @alloc_in_space
// CHECK: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<8xf32, 3>
// CHECK-NEXT: linalg.fill ins(%arg0 : f32) outs(%[[A]] : memref<8xf32, 3>)
// CHECK-NEXT: %[[B:.*]] = memref.alloc() {alignment = 64 : i64} : memref<8xf32, 3>
// CHECK-NEXT: memref.copy %[[A]], %[[B]] : memref<8xf32, 3> to memref<8xf32, 3>
// CHECK-NEXT: memref.store %arg0, %[[B]][%arg1] : memref<8xf32, 3>
func.func @alloc_in_space(%f: f32, %i: index) -> (f32, f32) {
  %t = bufferization.alloc_tensor() {memory_space = 3 : i64} : tensor<8xf32>
  %z = linalg.fill ins(%f : f32) outs(%t : tensor<8xf32>) -> tensor<8xf32>
  %w = tensor.insert %f into %z[%i] : tensor<8xf32>
  %a = tensor.extract %z[%i] : tensor<8xf32>
  %b = tensor.extract %w[%i] : tensor<8xf32>
  return %a, %b : f32, f32
}
