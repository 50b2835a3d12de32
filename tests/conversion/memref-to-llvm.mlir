// RUN: strata-opt --finalize-memref-to-llvm %s | FileCheck %s

// CHECK: llvm.func @free(!llvm.ptr)
// CHECK: llvm.func @malloc(i64) -> !llvm.ptr
// CHECK-LABEL: func.func @f
// CHECK: llvm.call @malloc
// CHECK: llvm.insertvalue %{{.*}}[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK: llvm.getelementptr inbounds|nuw
// CHECK: llvm.call @free
func.func @f(%i: index, %v: f32) -> f32 {
  %m = memref.alloc() : memref<4x8xf32>
  memref.store %v, %m[%i, %i] : memref<4x8xf32>
  %x = memref.load %m[%i, %i] : memref<4x8xf32>
  memref.dealloc %m : memref<4x8xf32>
  return %x : f32
}

// CHECK-LABEL: func.func @g
// CHECK: llvm.alloca %{{.*}} x f64 {alignment = 16 : i64} : (i64) -> !llvm.ptr
func.func @g(%v: f64) -> f64 {
  %a = memref.alloca() : memref<3xf64>
  %b = memref.alloca() {alignment = 16 : i64} : memref<f64>
  %c0 = arith.constant 0 : index
  memref.store %v, %a[%c0] : memref<3xf64>
  memref.store %v, %b[] : memref<f64>
  %x = memref.load %a[%c0] : memref<3xf64>
  %y = memref.load %b[] : memref<f64>
  %s = arith.addf %x, %y : f64
  return %s : f64
}
