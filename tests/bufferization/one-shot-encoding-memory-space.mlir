// RUN: strata-opt --one-shot-bufferize="use-encoding-for-memory-space bufferize-function-boundaries" %s | FileCheck %s
// RUN: strata-opt --one-shot-bufferize="use-encoding-for-memory-space bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" %s | FileCheck %s --check-prefix=IDENTITY
// RUN: strata-opt --one-shot-bufferize="use-encoding-for-memory-space" %s | FileCheck %s --check-prefix=NOBOUNDARY

// use-encoding-for-memory-space: the encoding of a tensor type is the
// memory space of its buffers (arguments, results, allocations, copies
// and the subviews of slices).

// CHECK-LABEL: func.func @loop
// CHECK-SAME: (%arg0: memref<8xf32, strided<[?], offset: ?>, 1>, %arg1: f32, %arg2: index) -> memref<8xf32, strided<[?], offset: ?>, 1>
// IDENTITY-LABEL: func.func @loop
// IDENTITY-SAME: (%arg0: memref<8xf32, 1>, %arg1: f32, %arg2: index) -> memref<8xf32, 1>
// NOBOUNDARY-LABEL: func.func @loop
// NOBOUNDARY: bufferization.to_buffer %arg0 : tensor<8xf32, 1 : i64> to memref<8xf32, strided<[?], offset: ?>, 1>
// NOBOUNDARY: memref.alloc() {alignment = 64 : i64} : memref<8xf32, 1>
func.func @loop(%t: tensor<8xf32, 1 : i64>, %f: f32, %n: index) -> tensor<8xf32, 1 : i64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %t) -> (tensor<8xf32, 1 : i64>) {
    %b = tensor.insert %f into %a[%i] : tensor<8xf32, 1 : i64>
    scf.yield %b : tensor<8xf32, 1 : i64>
  }
  return %r : tensor<8xf32, 1 : i64>
}

// CHECK-LABEL: func.func @slices
// CHECK: memref.alloc() {alignment = 64 : i64} : memref<4x4xf32, 2>
// CHECK: memref.subview %arg0[0, 0] [4, 4] [1, 1] : memref<8x8xf32, strided<[?, ?], offset: ?>, 2> to memref<4x4xf32, strided<[?, ?], offset: ?>, 2>
func.func @slices(%t: tensor<8x8xf32, 2 : i64>, %f: f32) -> (tensor<8x8xf32, 2 : i64>, tensor<4x4xf32, 2 : i64>) {
  %e = tensor.empty() : tensor<4x4xf32, 2 : i64>
  %z = linalg.fill ins(%f : f32) outs(%e : tensor<4x4xf32, 2 : i64>) -> tensor<4x4xf32, 2 : i64>
  %s = tensor.extract_slice %t[0, 0] [4, 4] [1, 1] : tensor<8x8xf32, 2 : i64> to tensor<4x4xf32, 2 : i64>
  %a = linalg.add ins(%s, %z : tensor<4x4xf32, 2 : i64>, tensor<4x4xf32, 2 : i64>) outs(%s : tensor<4x4xf32, 2 : i64>) -> tensor<4x4xf32, 2 : i64>
  %u = tensor.insert_slice %a into %t[0, 0] [4, 4] [1, 1] : tensor<4x4xf32, 2 : i64> into tensor<8x8xf32, 2 : i64>
  return %u, %z : tensor<8x8xf32, 2 : i64>, tensor<4x4xf32, 2 : i64>
}

// CHECK-LABEL: func.func @copy
// CHECK: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<8xf32, 1>
// CHECK-NEXT: memref.copy %arg0, %[[A]] : memref<8xf32, strided<[?], offset: ?>, 1> to memref<8xf32, 1>
func.func @copy(%t: tensor<8xf32, 1 : i64> {bufferization.writable = false}, %f: f32, %i: index) -> tensor<8xf32, 1 : i64> {
  %b = tensor.insert %f into %t[%i] : tensor<8xf32, 1 : i64>
  return %b : tensor<8xf32, 1 : i64>
}
