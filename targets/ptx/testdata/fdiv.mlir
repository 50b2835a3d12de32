// RUN: strata-translate --mlir-to-ptx --no-line-info %s | FileCheck %s
// f32 division: correctly rounded by default, the approximate quotient
// under afn, the full-range one under arcp; f64 always correctly rounded.
// A constant power-of-two divisor whose reciprocal is normal is a
// multiplication by the reciprocal, whatever the flags; other constants,
// and powers of two whose reciprocal is not normal, divide.

// CHECK-LABEL: .visible .func (.param .f32 func_retval0) rn(
// CHECK: div.rn.f32
// CHECK-LABEL: .visible .func (.param .f32 func_retval0) approx(
// CHECK: div.approx.f32
// CHECK-LABEL: .visible .func (.param .f32 func_retval0) full(
// CHECK: div.full.f32
// CHECK-LABEL: .visible .func (.param .f64 func_retval0) wide(
// CHECK: div.rn.f64
// CHECK-LABEL: .visible .func (.param .f32 func_retval0) pow2(
// CHECK-NOT: div
// CHECK: mul.rn.f32 %{{.*}}, %{{.*}}, 0f39000000;
// CHECK-LABEL: .visible .func (.param .f32 func_retval0) negpow2(
// CHECK: mul.rn.f32 %{{.*}}, %{{.*}}, 0fBF000000;
// CHECK-LABEL: .visible .func (.param .f64 func_retval0) pow2wide(
// CHECK: mul.rn.f64 %{{.*}}, %{{.*}}, 0d3FD0000000000000;
// CHECK-LABEL: .visible .func (.param .f32 func_retval0) three(
// CHECK: div.rn.f32
// CHECK-LABEL: .visible .func (.param .f32 func_retval0) huge(
// CHECK: div.rn.f32
// CHECK-LABEL: .visible .func (.param .f32 func_retval0) zero(
// CHECK: div.rn.f32
// CHECK-LABEL: .visible .func splat(
// CHECK-COUNT-2: mul.rn.f32 %{{.*}}, %{{.*}}, 0f3E800000;
module {
  llvm.func @rn(%a: f32, %b: f32) -> f32 {
    %q = llvm.fdiv %a, %b : f32
    llvm.return %q : f32
  }
  llvm.func @approx(%a: f32, %b: f32) -> f32 {
    %q = llvm.fdiv %a, %b {fastmathFlags = #llvm.fastmath<afn>} : f32
    llvm.return %q : f32
  }
  llvm.func @full(%a: f32, %b: f32) -> f32 {
    %q = llvm.fdiv %a, %b {fastmathFlags = #llvm.fastmath<arcp>} : f32
    llvm.return %q : f32
  }
  llvm.func @wide(%a: f64, %b: f64) -> f64 {
    %q = llvm.fdiv %a, %b {fastmathFlags = #llvm.fastmath<afn>} : f64
    llvm.return %q : f64
  }
  llvm.func @pow2(%a: f32) -> f32 {
    %c = llvm.mlir.constant(8192.0 : f32) : f32
    %q = llvm.fdiv %a, %c : f32
    llvm.return %q : f32
  }
  llvm.func @negpow2(%a: f32) -> f32 {
    %c = llvm.mlir.constant(-2.0 : f32) : f32
    %q = llvm.fdiv %a, %c : f32
    llvm.return %q : f32
  }
  llvm.func @pow2wide(%a: f64) -> f64 {
    %c = llvm.mlir.constant(4.0 : f64) : f64
    %q = llvm.fdiv %a, %c : f64
    llvm.return %q : f64
  }
  llvm.func @three(%a: f32) -> f32 {
    %c = llvm.mlir.constant(3.0 : f32) : f32
    %q = llvm.fdiv %a, %c : f32
    llvm.return %q : f32
  }
  llvm.func @huge(%a: f32) -> f32 {
    %c = llvm.mlir.constant(0x7F000000 : f32) : f32
    %q = llvm.fdiv %a, %c : f32
    llvm.return %q : f32
  }
  llvm.func @zero(%a: f32) -> f32 {
    %c = llvm.mlir.constant(0.0 : f32) : f32
    %q = llvm.fdiv %a, %c : f32
    llvm.return %q : f32
  }
  llvm.func @splat(%p: !llvm.ptr) {
    %a = llvm.load %p : !llvm.ptr -> vector<2xf32>
    %c = llvm.mlir.constant(dense<4.0> : vector<2xf32>) : vector<2xf32>
    %q = llvm.fdiv %a, %c : vector<2xf32>
    llvm.store %q, %p : vector<2xf32>, !llvm.ptr
    llvm.return
  }
}
