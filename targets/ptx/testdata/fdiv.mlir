// RUN: strata-translate --mlir-to-ptx --no-line-info %s | FileCheck %s
// f32 division: correctly rounded by default, the approximate quotient
// under afn, the full-range one under arcp; f64 always correctly rounded.

// CHECK-LABEL: .visible .func (.param .f32 func_retval0) rn(
// CHECK: div.rn.f32
// CHECK-LABEL: .visible .func (.param .f32 func_retval0) approx(
// CHECK: div.approx.f32
// CHECK-LABEL: .visible .func (.param .f32 func_retval0) full(
// CHECK: div.full.f32
// CHECK-LABEL: .visible .func (.param .f64 func_retval0) wide(
// CHECK: div.rn.f64
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
}
