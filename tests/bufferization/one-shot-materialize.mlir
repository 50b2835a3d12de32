// RUN: strata-opt --one-shot-bufferize=bufferize-function-boundaries %s | FileCheck %s

// bufferization.materialize_in_destination copies its source into the
// buffer of its destination, which it writes in place.

// CHECK-LABEL: func.func @into_empty
// CHECK: %[[A:.*]] = memref.alloc(%arg1) {alignment = 64 : i64} : memref<?xf32>
// CHECK-NEXT: memref.copy %arg0, %[[A]]
// CHECK: return %[[A]] : memref<?xf32>
func.func @into_empty(%t: tensor<?xf32>, %n: index) -> tensor<?xf32> {
  %e = tensor.empty(%n) : tensor<?xf32>
  %r = bufferization.materialize_in_destination %t in %e : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// CHECK-LABEL: func.func @into_arg
// CHECK-NEXT: memref.copy %arg0, %arg1
// CHECK-NEXT: return %arg1
func.func @into_arg(%t: tensor<4xf32>, %d: tensor<4xf32>) -> tensor<4xf32> {
  %r = bufferization.materialize_in_destination %t in %d : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// A memref destination is written directly.
// CHECK-LABEL: func.func @into_memref
// CHECK: linalg.fill ins(%arg0 : f32) outs(%[[A:.*]] : memref<2x3xf32>)
// CHECK-NEXT: memref.copy %[[A]], %arg1 : memref<2x3xf32> to memref<2x3xf32>
func.func @into_memref(%f: f32, %m: memref<2x3xf32>) {
  %e = tensor.empty() : tensor<2x3xf32>
  %t = linalg.fill ins(%f : f32) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  bufferization.materialize_in_destination %t in restrict writable %m : (tensor<2x3xf32>, memref<2x3xf32>) -> ()
  return
}
