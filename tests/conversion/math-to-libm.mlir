// RUN: strata-opt --convert-math-to-libm %s | FileCheck %s
// RUN: strata-opt --convert-math-to-libm --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// Every operation that upstream maps to a C library function, on f32 and
// f64: the float function has the suffix f. The declarations are
// private, marked llvm.readnone, and inserted at the start of the module
// (so the last one needed comes first).

// CHECK: func.func private @trunc(f64) -> f64 attributes {llvm.readnone}
// CHECK: func.func private @truncf(f32) -> f32 attributes {llvm.readnone}
// CHECK: func.func private @tanh(f64) -> f64 attributes {llvm.readnone}
// CHECK: func.func private @tanhf(f32) -> f32 attributes {llvm.readnone}
// CHECK: func.func private @tan(f64) -> f64 attributes {llvm.readnone}
// CHECK: func.func private @tanf(f32) -> f32 attributes {llvm.readnone}
// CHECK: func.func private @rsqrt(f64) -> f64 attributes {llvm.readnone}
// CHECK: func.func private @rsqrtf(f32) -> f32 attributes {llvm.readnone}
// CHECK: func.func private @sqrt(f64) -> f64 attributes {llvm.readnone}
// CHECK: func.func private @sqrtf(f32) -> f32 attributes {llvm.readnone}
// CHECK: func.func private @sinh(f64) -> f64 attributes {llvm.readnone}
// CHECK: func.func private @sinhf(f32) -> f32 attributes {llvm.readnone}
// CHECK: func.func private @sin(f64) -> f64 attributes {llvm.readnone}
// CHECK: func.func private @sinf(f32) -> f32 attributes {llvm.readnone}
// CHECK: func.func private @round(f64) -> f64 attributes {llvm.readnone}
// CHECK: func.func private @roundf(f32) -> f32 attributes {llvm.readnone}
// CHECK: func.func private @pow(f64, f64) -> f64 attributes {llvm.readnone}
// CHECK: func.func private @powf(f32, f32) -> f32 attributes {llvm.readnone}
// CHECK: func.func private @roundeven(f64) -> f64 attributes {llvm.readnone}
// CHECK: func.func private @roundevenf(f32) -> f32 attributes {llvm.readnone}
// CHECK: func.func private @log1p(f64) -> f64 attributes {llvm.readnone}
// CHECK: func.func private @log1pf(f32) -> f32 attributes {llvm.readnone}
// CHECK: func.func private @log10(f64) -> f64 attributes {llvm.readnone}
// CHECK: func.func private @log10f(f32) -> f32 attributes {llvm.readnone}
// CHECK: func.func private @log2(f64) -> f64 attributes {llvm.readnone}
// CHECK: func.func private @log2f(f32) -> f32 attributes {llvm.readnone}
// CHECK: func.func private @fma(f64, f64, f64) -> f64 attributes {llvm.readnone}
// CHECK: func.func private @fmaf(f32, f32, f32) -> f32 attributes {llvm.readnone}
// CHECK: func.func private @log(f64) -> f64 attributes {llvm.readnone}
// CHECK: func.func private @logf(f32) -> f32 attributes {llvm.readnone}
// CHECK: func.func private @floor(f64) -> f64 attributes {llvm.readnone}
// CHECK: func.func private @floorf(f32) -> f32 attributes {llvm.readnone}
// CHECK: func.func private @expm1(f64) -> f64 attributes {llvm.readnone}
// CHECK: func.func private @expm1f(f32) -> f32 attributes {llvm.readnone}
// CHECK: func.func private @exp2(f64) -> f64 attributes {llvm.readnone}
// CHECK: func.func private @exp2f(f32) -> f32 attributes {llvm.readnone}
// CHECK: func.func private @exp(f64) -> f64 attributes {llvm.readnone}
// CHECK: func.func private @expf(f32) -> f32 attributes {llvm.readnone}
// CHECK: func.func private @erfc(f64) -> f64 attributes {llvm.readnone}
// CHECK: func.func private @erfcf(f32) -> f32 attributes {llvm.readnone}
// CHECK: func.func private @erf(f64) -> f64 attributes {llvm.readnone}
// CHECK: func.func private @erff(f32) -> f32 attributes {llvm.readnone}
// CHECK: func.func private @cosh(f64) -> f64 attributes {llvm.readnone}
// CHECK: func.func private @coshf(f32) -> f32 attributes {llvm.readnone}
// CHECK: func.func private @cos(f64) -> f64 attributes {llvm.readnone}
// CHECK: func.func private @cosf(f32) -> f32 attributes {llvm.readnone}
// CHECK: func.func private @ceil(f64) -> f64 attributes {llvm.readnone}
// CHECK: func.func private @ceilf(f32) -> f32 attributes {llvm.readnone}
// CHECK: func.func private @cbrt(f64) -> f64 attributes {llvm.readnone}
// CHECK: func.func private @cbrtf(f32) -> f32 attributes {llvm.readnone}
// CHECK: func.func private @atanh(f64) -> f64 attributes {llvm.readnone}
// CHECK: func.func private @atanhf(f32) -> f32 attributes {llvm.readnone}
// CHECK: func.func private @atan(f64) -> f64 attributes {llvm.readnone}
// CHECK: func.func private @atanf(f32) -> f32 attributes {llvm.readnone}
// CHECK: func.func private @atan2(f64, f64) -> f64 attributes {llvm.readnone}
// CHECK: func.func private @atan2f(f32, f32) -> f32 attributes {llvm.readnone}
// CHECK: func.func private @asinh(f64) -> f64 attributes {llvm.readnone}
// CHECK: func.func private @asinhf(f32) -> f32 attributes {llvm.readnone}
// CHECK: func.func private @asin(f64) -> f64 attributes {llvm.readnone}
// CHECK: func.func private @asinf(f32) -> f32 attributes {llvm.readnone}
// CHECK: func.func private @acosh(f64) -> f64 attributes {llvm.readnone}
// CHECK: func.func private @acoshf(f32) -> f32 attributes {llvm.readnone}
// CHECK: func.func private @acos(f64) -> f64 attributes {llvm.readnone}
// CHECK: func.func private @acosf(f32) -> f32 attributes {llvm.readnone}
// CHECK: func.func private @fabs(f64) -> f64 attributes {llvm.readnone}
// CHECK: func.func private @fabsf(f32) -> f32 attributes {llvm.readnone}
// GENERIC: "func.func"() <{function_type = (f32) -> f32, sym_name = "truncf", sym_visibility = "private"}> ({
// GENERIC-NEXT: }) {llvm.readnone} : () -> ()
// CHECK-LABEL: func.func @all
// CHECK-NEXT: %0 = call @fabsf(%arg0) : (f32) -> f32
// CHECK-NEXT: %1 = call @fabs(%arg1) : (f64) -> f64
// CHECK-NEXT: %2 = call @acosf(%arg0) : (f32) -> f32
// CHECK-NEXT: %3 = call @acos(%arg1) : (f64) -> f64
// CHECK-NEXT: %4 = call @acoshf(%arg0) : (f32) -> f32
// CHECK-NEXT: %5 = call @acosh(%arg1) : (f64) -> f64
// CHECK-NEXT: %6 = call @asinf(%arg0) : (f32) -> f32
// CHECK-NEXT: %7 = call @asin(%arg1) : (f64) -> f64
// CHECK-NEXT: %8 = call @asinhf(%arg0) : (f32) -> f32
// CHECK-NEXT: %9 = call @asinh(%arg1) : (f64) -> f64
// CHECK-NEXT: %10 = call @atan2f(%arg0, %arg0) : (f32, f32) -> f32
// CHECK-NEXT: %11 = call @atan2(%arg1, %arg1) : (f64, f64) -> f64
// CHECK-NEXT: %12 = call @atanf(%arg0) : (f32) -> f32
// CHECK-NEXT: %13 = call @atan(%arg1) : (f64) -> f64
// CHECK-NEXT: %14 = call @atanhf(%arg0) : (f32) -> f32
// CHECK-NEXT: %15 = call @atanh(%arg1) : (f64) -> f64
// CHECK-NEXT: %16 = call @cbrtf(%arg0) : (f32) -> f32
// CHECK-NEXT: %17 = call @cbrt(%arg1) : (f64) -> f64
// CHECK-NEXT: %18 = call @ceilf(%arg0) : (f32) -> f32
// CHECK-NEXT: %19 = call @ceil(%arg1) : (f64) -> f64
// CHECK-NEXT: %20 = call @cosf(%arg0) : (f32) -> f32
// CHECK-NEXT: %21 = call @cos(%arg1) : (f64) -> f64
// CHECK-NEXT: %22 = call @coshf(%arg0) : (f32) -> f32
// CHECK-NEXT: %23 = call @cosh(%arg1) : (f64) -> f64
// CHECK-NEXT: %24 = call @erff(%arg0) : (f32) -> f32
// GENERIC: "func.call"(%arg0) <{callee = @erff}> : (f32) -> f32
// CHECK-NEXT: %25 = call @erf(%arg1) : (f64) -> f64
// CHECK-NEXT: %26 = call @erfcf(%arg0) : (f32) -> f32
// CHECK-NEXT: %27 = call @erfc(%arg1) : (f64) -> f64
// CHECK-NEXT: %28 = call @expf(%arg0) : (f32) -> f32
// CHECK-NEXT: %29 = call @exp(%arg1) : (f64) -> f64
// CHECK-NEXT: %30 = call @exp2f(%arg0) : (f32) -> f32
// CHECK-NEXT: %31 = call @exp2(%arg1) : (f64) -> f64
// CHECK-NEXT: %32 = call @expm1f(%arg0) : (f32) -> f32
// CHECK-NEXT: %33 = call @expm1(%arg1) : (f64) -> f64
// CHECK-NEXT: %34 = call @floorf(%arg0) : (f32) -> f32
// CHECK-NEXT: %35 = call @floor(%arg1) : (f64) -> f64
// CHECK-NEXT: %36 = call @logf(%arg0) : (f32) -> f32
// CHECK-NEXT: %37 = call @log(%arg1) : (f64) -> f64
// CHECK-NEXT: %38 = call @fmaf(%arg0, %arg0, %arg0) : (f32, f32, f32) -> f32
// CHECK-NEXT: %39 = call @fma(%arg1, %arg1, %arg1) : (f64, f64, f64) -> f64
// CHECK-NEXT: %40 = call @log2f(%arg0) : (f32) -> f32
// CHECK-NEXT: %41 = call @log2(%arg1) : (f64) -> f64
// CHECK-NEXT: %42 = call @log10f(%arg0) : (f32) -> f32
// CHECK-NEXT: %43 = call @log10(%arg1) : (f64) -> f64
// CHECK-NEXT: %44 = call @log1pf(%arg0) : (f32) -> f32
// CHECK-NEXT: %45 = call @log1p(%arg1) : (f64) -> f64
// CHECK-NEXT: %46 = call @roundevenf(%arg0) : (f32) -> f32
// CHECK-NEXT: %47 = call @roundeven(%arg1) : (f64) -> f64
// CHECK-NEXT: %48 = call @powf(%arg0, %arg0) : (f32, f32) -> f32
// CHECK-NEXT: %49 = call @pow(%arg1, %arg1) : (f64, f64) -> f64
// CHECK-NEXT: %50 = call @roundf(%arg0) : (f32) -> f32
// CHECK-NEXT: %51 = call @round(%arg1) : (f64) -> f64
// CHECK-NEXT: %52 = call @sinf(%arg0) : (f32) -> f32
// CHECK-NEXT: %53 = call @sin(%arg1) : (f64) -> f64
// CHECK-NEXT: %54 = call @sinhf(%arg0) : (f32) -> f32
// CHECK-NEXT: %55 = call @sinh(%arg1) : (f64) -> f64
// CHECK-NEXT: %56 = call @sqrtf(%arg0) : (f32) -> f32
// CHECK-NEXT: %57 = call @sqrt(%arg1) : (f64) -> f64
// CHECK-NEXT: %58 = call @rsqrtf(%arg0) : (f32) -> f32
// CHECK-NEXT: %59 = call @rsqrt(%arg1) : (f64) -> f64
// CHECK-NEXT: %60 = call @tanf(%arg0) : (f32) -> f32
// CHECK-NEXT: %61 = call @tan(%arg1) : (f64) -> f64
// CHECK-NEXT: %62 = call @tanhf(%arg0) : (f32) -> f32
// CHECK-NEXT: %63 = call @tanh(%arg1) : (f64) -> f64
// CHECK-NEXT: %64 = call @truncf(%arg0) : (f32) -> f32
// CHECK-NEXT: %65 = call @trunc(%arg1) : (f64) -> f64
func.func @all(%a: f32, %b: f64) -> (f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64) {
  %0 = math.absf %a : f32
  %1 = math.absf %b : f64
  %2 = math.acos %a : f32
  %3 = math.acos %b : f64
  %4 = math.acosh %a : f32
  %5 = math.acosh %b : f64
  %6 = math.asin %a : f32
  %7 = math.asin %b : f64
  %8 = math.asinh %a : f32
  %9 = math.asinh %b : f64
  %10 = math.atan2 %a, %a : f32
  %11 = math.atan2 %b, %b : f64
  %12 = math.atan %a : f32
  %13 = math.atan %b : f64
  %14 = math.atanh %a : f32
  %15 = math.atanh %b : f64
  %16 = math.cbrt %a : f32
  %17 = math.cbrt %b : f64
  %18 = math.ceil %a : f32
  %19 = math.ceil %b : f64
  %20 = math.cos %a : f32
  %21 = math.cos %b : f64
  %22 = math.cosh %a : f32
  %23 = math.cosh %b : f64
  %24 = math.erf %a : f32
  %25 = math.erf %b : f64
  %26 = math.erfc %a : f32
  %27 = math.erfc %b : f64
  %28 = math.exp %a : f32
  %29 = math.exp %b : f64
  %30 = math.exp2 %a : f32
  %31 = math.exp2 %b : f64
  %32 = math.expm1 %a : f32
  %33 = math.expm1 %b : f64
  %34 = math.floor %a : f32
  %35 = math.floor %b : f64
  %36 = math.log %a : f32
  %37 = math.log %b : f64
  %38 = math.fma %a, %a, %a : f32
  %39 = math.fma %b, %b, %b : f64
  %40 = math.log2 %a : f32
  %41 = math.log2 %b : f64
  %42 = math.log10 %a : f32
  %43 = math.log10 %b : f64
  %44 = math.log1p %a : f32
  %45 = math.log1p %b : f64
  %46 = math.roundeven %a : f32
  %47 = math.roundeven %b : f64
  %48 = math.powf %a, %a : f32
  %49 = math.powf %b, %b : f64
  %50 = math.round %a : f32
  %51 = math.round %b : f64
  %52 = math.sin %a : f32
  %53 = math.sin %b : f64
  %54 = math.sinh %a : f32
  %55 = math.sinh %b : f64
  %56 = math.sqrt %a : f32
  %57 = math.sqrt %b : f64
  %58 = math.rsqrt %a : f32
  %59 = math.rsqrt %b : f64
  %60 = math.tan %a : f32
  %61 = math.tan %b : f64
  %62 = math.tanh %a : f32
  %63 = math.tanh %b : f64
  %64 = math.trunc %a : f32
  %65 = math.trunc %b : f64
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, %64, %65 : f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64, f32, f64
}
