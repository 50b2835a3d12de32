// RUN: strata-opt --one-shot-bufferize="allow-return-allocs-from-loops bufferize-function-boundaries" %s | FileCheck %s

// A tensor whose contents nothing defined (an alloc_tensor or
// tensor.empty) may be written in place even where a later read sees the
// write: what it holds is undefined either way, as upstream's analysis.

// CHECK-LABEL: func.func @if_branch_writes_undefined
// CHECK: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<5xf32, 1>
// CHECK-NOT: memref.alloc
// CHECK-NOT: memref.copy
// CHECK: memref.store %arg1, %[[A]][%{{.*}}] : memref<5xf32, 1>
func.func @if_branch_writes_undefined(%c: i1, %f: f32) -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %0 = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<5xf32>
  %1 = scf.if %c -> tensor<5xf32> {
    scf.yield %0 : tensor<5xf32>
  } else {
    %2 = tensor.insert %f into %0[%c0] : tensor<5xf32>
    scf.yield %2 : tensor<5xf32>
  }
  %r0 = tensor.extract %0[%c0] : tensor<5xf32>
  %r1 = tensor.extract %1[%c0] : tensor<5xf32>
  return %r0, %r1 : f32, f32
}

// A tensor.empty written in a loop needs no copy per iteration.

// CHECK-LABEL: func.func @loop_writes_empty
// CHECK: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK: scf.for
// CHECK-NOT: memref.alloc
// CHECK: memref.store %arg1, %[[A]]
func.func @loop_writes_empty(%n: index, %f: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e = tensor.empty() : tensor<4xf32>
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %f) -> (f32) {
    %w = tensor.insert %f into %e[%c0] : tensor<4xf32>
    %x = tensor.extract %w[%c0] : tensor<4xf32>
    %y = arith.addf %acc, %x : f32
    scf.yield %y : f32
  }
  return %s : f32
}

// Contents defined by a copy are not undefined: the write is a copy.

// CHECK-LABEL: func.func @if_branch_writes_copy
// CHECK: memref.alloc
// CHECK: memref.copy
// CHECK: scf.if
// CHECK: memref.alloc
// CHECK: memref.copy
// CHECK: memref.store
func.func @if_branch_writes_copy(%t: tensor<5xf32>, %c: i1, %f: f32) -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %0 = bufferization.alloc_tensor() copy(%t) : tensor<5xf32>
  %1 = scf.if %c -> tensor<5xf32> {
    scf.yield %0 : tensor<5xf32>
  } else {
    %2 = tensor.insert %f into %0[%c0] : tensor<5xf32>
    scf.yield %2 : tensor<5xf32>
  }
  %r0 = tensor.extract %0[%c0] : tensor<5xf32>
  %r1 = tensor.extract %1[%c0] : tensor<5xf32>
  return %r0, %r1 : f32, f32
}
