// RUN: strata-opt --convert-math-to-llvm %s | FileCheck %s

// CHECK-LABEL: func.func @m
// CHECK: llvm.intr.sqrt(%arg0) : (f32) -> f32
// CHECK: llvm.intr.fabs(%{{.*}}) {fastmathFlags = #llvm.fastmath<fast>} : (f32) -> f32
// CHECK: llvm.intr.powi(%{{.*}}, %arg3) : (f32, i32) -> f32
// CHECK: llvm.fdiv
// CHECK: llvm.intr.ctpop(%arg3) : (i32) -> i32
// CHECK: llvm.mlir.constant(dense<1.000000e+00> : vector<4xf32>) : vector<4xf32>
func.func @m(%x: f32, %y: f32, %z: f32, %i: i32, %v: vector<4xf32>) -> f32 {
  %0 = math.sqrt %x : f32
  %1 = math.absf %0 fastmath<fast> : f32
  %2 = math.exp %1 : f32
  %3 = math.exp2 %2 : f32
  %4 = math.log %3 : f32
  %5 = math.log2 %4 : f32
  %6 = math.log10 %5 : f32
  %7 = math.sin %6 : f32
  %8 = math.cos %7 : f32
  %9 = math.tanh %8 : f32
  %10 = math.floor %9 : f32
  %11 = math.ceil %10 : f32
  %12 = math.round %11 : f32
  %13 = math.roundeven %12 : f32
  %14 = math.trunc %13 : f32
  %15 = math.powf %14, %y : f32
  %16 = math.copysign %15, %y : f32
  %17 = math.fma %16, %y, %z : f32
  %18 = math.fpowi %17, %i : f32, i32
  %19 = math.rsqrt %18 : f32
  %20 = math.expm1 %19 : f32
  %21 = math.log1p %20 : f32
  %22 = math.ctpop %i : i32
  %23 = math.tan %21 : f32
  %24 = math.atan2 %23, %y : f32
  %25 = math.sqrt %v : vector<4xf32>
  %26 = math.rsqrt %v : vector<4xf32>
  return %24 : f32
}
