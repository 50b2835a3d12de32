// RUN: strata-opt --finalize-memref-to-llvm %s | FileCheck %s

// memref.atomic_rmw becomes llvm.atomicrmw (acq_rel) on the element's address.

// CHECK: llvm.atomicrmw fadd %{{.*}}, %arg1 acq_rel : !llvm.ptr, f32
// CHECK: llvm.atomicrmw fmaximum
// CHECK: llvm.atomicrmw xchg
// CHECK: llvm.atomicrmw _xor %{{.*}}, %arg4 acq_rel : !llvm.ptr, i32
func.func @f(%m: memref<4xf32>, %v: f32, %i: index, %n: memref<4xi32>, %w: i32) {
  %addf = memref.atomic_rmw addf %v, %m[%i] : (f32, memref<4xf32>) -> f32
  %maximumf = memref.atomic_rmw maximumf %v, %m[%i] : (f32, memref<4xf32>) -> f32
  %minimumf = memref.atomic_rmw minimumf %v, %m[%i] : (f32, memref<4xf32>) -> f32
  %maxnumf = memref.atomic_rmw maxnumf %v, %m[%i] : (f32, memref<4xf32>) -> f32
  %minnumf = memref.atomic_rmw minnumf %v, %m[%i] : (f32, memref<4xf32>) -> f32
  %assign = memref.atomic_rmw assign %v, %m[%i] : (f32, memref<4xf32>) -> f32
  %addi = memref.atomic_rmw addi %w, %n[%i] : (i32, memref<4xi32>) -> i32
  %maxs = memref.atomic_rmw maxs %w, %n[%i] : (i32, memref<4xi32>) -> i32
  %maxu = memref.atomic_rmw maxu %w, %n[%i] : (i32, memref<4xi32>) -> i32
  %mins = memref.atomic_rmw mins %w, %n[%i] : (i32, memref<4xi32>) -> i32
  %minu = memref.atomic_rmw minu %w, %n[%i] : (i32, memref<4xi32>) -> i32
  %ori = memref.atomic_rmw ori %w, %n[%i] : (i32, memref<4xi32>) -> i32
  %andi = memref.atomic_rmw andi %w, %n[%i] : (i32, memref<4xi32>) -> i32
  %xori = memref.atomic_rmw xori %w, %n[%i] : (i32, memref<4xi32>) -> i32
  return
}
