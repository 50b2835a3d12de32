// RUN: not strata-opt --one-shot-bufferize="must-infer-memory-space" --split-input-file %s 2>&1 | FileCheck %s

// must-infer-memory-space and bufferization.alloc_tensor: one that copies
// takes the memory space of the buffer it copies and needs none of its
// own.

// CHECK-LABEL: func.func @copy_takes_space
// CHECK: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<10xf32, 1>
// CHECK: %[[B:.*]] = memref.alloc() {alignment = 64 : i64} : memref<10xf32, 1>
// CHECK: memref.copy %[[A]], %[[B]] : memref<10xf32, 1> to memref<10xf32, 1>
func.func @copy_takes_space(%i: index, %f: f32) -> f32 {
  %a = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<10xf32>
  %a2 = tensor.insert %f into %a[%i] : tensor<10xf32>
  %b = bufferization.alloc_tensor() copy(%a2) : tensor<10xf32>
  %c = tensor.insert %f into %b[%i] : tensor<10xf32>
  %x = tensor.extract %c[%i] : tensor<10xf32>
  %y = tensor.extract %a2[%i] : tensor<10xf32>
  %z = arith.addf %x, %y : f32
  return %z : f32
}

// -----

// One without memory_space fails before it builds its buffer: the
// operation the notes print is still the first of the function (%0).

// CHECK: one-shot-must-infer-memory-space-alloc.mlir:31:8: error: could not infer memory space
// CHECK: note: see current operation: %0 = "bufferization.alloc_tensor"()
// CHECK: error: failed to bufferize op
func.func @alloc_without_space() -> tensor<10xf32> {
  %0 = bufferization.alloc_tensor() : tensor<10xf32>
  return %0 : tensor<10xf32>
}

// -----

// An operand decided out of place whose old contents are not needed gets
// a new buffer in the memory space of the operand's: as upstream, which
// makes these new tensors before bufferizing anything, the error is at
// what defines the operand's buffer, alone, before any rewriting.

// CHECK: one-shot-must-infer-memory-space-alloc.mlir:48:8: error: could not infer memory space
// CHECK-NEXT: %t = bufferization.alloc_tensor() : tensor<10xf32>
// CHECK-NOT: failed to bufferize op
func.func @out_of_place_undefined() -> (tensor<10xf32>, tensor<10xf32>) {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 0.0 : f32
  %t = bufferization.alloc_tensor() : tensor<10xf32>
  %s = tensor.insert %cst into %t[%c0] : tensor<10xf32>
  return %s, %t : tensor<10xf32>, tensor<10xf32>
}
