// RUN: strata-opt --finalize-memref-to-llvm %s | FileCheck %s

// memref.prefetch is llvm.intr.prefetch of the element address; that
// address and the one of memref.atomic_rmw are computed without
// inbounds or overflow flags.

// CHECK-LABEL: func.func @pf
// CHECK: "llvm.intr.prefetch"(%{{.*}}) <{cache = 1 : i32, hint = 3 : i32, rw = 0 : i32}> : (!llvm.ptr) -> ()
// CHECK: llvm.mul %{{.*}}, %{{.*}} : i64
// CHECK-NEXT: llvm.add %{{.*}}, %{{.*}} : i64
// CHECK: "llvm.intr.prefetch"(%{{.*}}) <{cache = 0 : i32, hint = 0 : i32, rw = 1 : i32}> : (!llvm.ptr) -> ()
func.func @pf(%s: memref<?xf32>, %m: memref<4x?xf32, strided<[?, 1], offset: ?>>, %i: index, %j: index) {
  memref.prefetch %s[%i], read, locality<3>, data : memref<?xf32>
  memref.prefetch %m[%i, %j], write, locality<0>, instr : memref<4x?xf32, strided<[?, 1], offset: ?>>
  return
}

// CHECK-LABEL: func.func @at
// CHECK: llvm.mul %{{.*}}, %{{.*}} : i64
// CHECK-NEXT: llvm.add %{{.*}}, %{{.*}} : i64
// CHECK-NEXT: llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK: llvm.atomicrmw fadd
func.func @at(%m: memref<4x?xf32, strided<[?, 1], offset: ?>>, %i: index, %j: index, %v: f32) -> f32 {
  %r = memref.atomic_rmw addf %v, %m[%i, %j] : (f32, memref<4x?xf32, strided<[?, 1], offset: ?>>) -> f32
  return %r : f32
}
