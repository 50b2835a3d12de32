// RUN: strata-opt --one-shot-bufferize=bufferize-function-boundaries --split-input-file %s | FileCheck %s

// A cast to an unranked tensor passed to a function that may write it:
// the cast shares its operand's buffer when nothing reads that buffer
// afterwards; a constant's buffer, which may not be written, is copied
// (ranked) and the copy cast, as upstream.

// CHECK-LABEL: func.func @no_read(
// CHECK-NOT: memref.alloc
// CHECK: %[[C:.*]] = memref.cast %arg0 {{.*}} to memref<*xi32>
// CHECK: call @print(%[[C]])
func.func @no_read(%a: tensor<7x12xi32>) {
  %c = tensor.cast %a : tensor<7x12xi32> to tensor<*xi32>
  call @print(%c) : (tensor<*xi32>) -> ()
  return
}
func.func private @print(%ptr : tensor<*xi32>)

// -----

// CHECK-LABEL: func.func @constant(
// CHECK: %[[G:.*]] = memref.get_global
// CHECK: %[[A:.*]] = memref.alloc() {{.*}} : memref<7x12xi32>
// CHECK: memref.copy %[[G]], %[[A]]
// CHECK: %[[C:.*]] = memref.cast %[[A]] : memref<7x12xi32> to memref<*xi32>
// CHECK: call @print(%[[C]])
func.func @constant() {
  %a = arith.constant dense<4> : tensor<7x12xi32>
  %c = tensor.cast %a : tensor<7x12xi32> to tensor<*xi32>
  call @print(%c) : (tensor<*xi32>) -> ()
  return
}
func.func private @print(%ptr : tensor<*xi32>)
