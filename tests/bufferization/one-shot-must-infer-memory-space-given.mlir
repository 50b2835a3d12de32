// RUN: strata-opt --one-shot-bufferize="must-infer-memory-space" %s | FileCheck %s

// With must-infer-memory-space, an alloc_tensor takes its memory_space
// and a copy the memory space of the buffer it copies.

// CHECK-LABEL: func.func @given
// CHECK: memref.alloc() {alignment = 64 : i64} : memref<4xf32, 1>
// CHECK: memref.alloc() {alignment = 64 : i64} : memref<4xf32, 1>
// CHECK: memref.copy
func.func @given(%f: f32, %i: index) -> (f32, f32) {
  %0 = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<4xf32>
  %1 = linalg.fill ins(%f : f32) outs(%0 : tensor<4xf32>) -> tensor<4xf32>
  %2 = tensor.insert %f into %1[%i] : tensor<4xf32>
  %x = tensor.extract %1[%i] : tensor<4xf32>
  %y = tensor.extract %2[%i] : tensor<4xf32>
  return %x, %y : f32, f32
}
