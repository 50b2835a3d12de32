// RUN: strata-opt %s | FileCheck %s

// CHECK: llvm.mlir.global internal constant @tbl(dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>) {addr_space = 0 : i32} : !llvm.array<2 x f32>
llvm.mlir.global internal constant @tbl(dense<[1.0, 2.0]> : tensor<2xf32>) {addr_space = 0 : i32} : !llvm.array<2 x f32>
// CHECK: llvm.mlir.global private @str("hi\00") {addr_space = 0 : i32}
llvm.mlir.global private @str("hi\00") : !llvm.array<3 x i8>
// CHECK: llvm.func @printf(!llvm.ptr, ...) -> i32
llvm.func @printf(!llvm.ptr, ...) -> i32

// CHECK-LABEL: llvm.func internal @f(%arg0: i32, %arg1: f32, %arg2: !llvm.ptr) -> i32
llvm.func internal @f(%a: i32, %x: f32, %p: !llvm.ptr) -> i32 {
  // CHECK: llvm.mlir.constant(1 : i64) : i64
  %one = llvm.mlir.constant(1 : i64) : i64
  // CHECK: llvm.mlir.undef : !llvm.struct<(i32, f32)>
  %u = llvm.mlir.undef : !llvm.struct<(i32, f32)>
  // CHECK: llvm.insertvalue %arg0, %{{.*}}[0] : !llvm.struct<(i32, f32)>
  %s = llvm.insertvalue %a, %u[0] : !llvm.struct<(i32, f32)>
  // CHECK: llvm.extractvalue %{{.*}}[1] : !llvm.struct<(i32, f32)>
  %e = llvm.extractvalue %s[1] : !llvm.struct<(i32, f32)>
  // CHECK: llvm.add %arg0, %arg0 overflow<nsw, nuw> : i32
  %0 = llvm.add %a, %a overflow<nsw, nuw> : i32
  // CHECK: llvm.fmul %arg1, %arg1 {fastmathFlags = #llvm.fastmath<fast>} : f32
  %1 = llvm.fmul %x, %x {fastmathFlags = #llvm.fastmath<fast>} : f32
  // CHECK: llvm.icmp "sgt" %{{.*}}, %arg0 : i32
  %2 = llvm.icmp "sgt" %0, %a : i32
  // CHECK: llvm.fcmp "une" %{{.*}}, %arg1 : f32
  %3 = llvm.fcmp "une" %1, %x : f32
  // CHECK: llvm.alloca %{{.*}} x f32 {alignment = 4 : i64} : (i64) -> !llvm.ptr
  %al = llvm.alloca %one x f32 {alignment = 4 : i64} : (i64) -> !llvm.ptr
  // CHECK: llvm.store %arg1, %{{.*}} : f32, !llvm.ptr
  llvm.store %x, %al : f32, !llvm.ptr
  // CHECK: llvm.load volatile %{{.*}} : !llvm.ptr -> f32
  %ld = llvm.load volatile %al : !llvm.ptr -> f32
  // CHECK: llvm.getelementptr inbounds|nuw %arg2[%{{.*}}, 1] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.struct<(i32, f32)>
  %g = llvm.getelementptr inbounds|nuw %p[%one, 1] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.struct<(i32, f32)>
  // CHECK: llvm.intr.fma(%arg1, %arg1, %arg1) : (f32, f32, f32) -> f32
  %fm = llvm.intr.fma(%x, %x, %x) : (f32, f32, f32) -> f32
  // CHECK: llvm.call @printf(%arg2, %arg0) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32) -> i32
  %c = llvm.call @printf(%p, %a) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32) -> i32
  // CHECK: llvm.switch %arg0 : i32, ^bb1 [
  // CHECK-NEXT: 3: ^bb2(%arg0 : i32)
  // CHECK-NEXT: ]
  llvm.switch %a : i32, ^bb1 [
    3: ^bb2(%a : i32)
  ]
^bb1:
  llvm.return %a : i32
^bb2(%v: i32):
  llvm.return %v : i32
}
