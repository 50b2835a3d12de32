// RUN: strata-opt --canonicalize %s | FileCheck %s

// Constant folding of math operations: elementary functions on f32 and
// f64, rounding and sign operations on every format, bit counts, integer
// powers and classification.

// CHECK-LABEL: func.func @absf_f32(
// CHECK-NEXT: %cst = arith.constant 7.500000e-01 : f32
// CHECK-NEXT: return %cst : f32
func.func @absf_f32() -> (f32) {
  %a = arith.constant 0.75 : f32
  %0 = math.absf %a : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @absf_f64(
// CHECK-NEXT: %cst = arith.constant 2.500000e+00 : f64
// CHECK-NEXT: return %cst : f64
func.func @absf_f64() -> (f64) {
  %a = arith.constant -2.5 : f64
  %0 = math.absf %a : f64
  return %0 : f64
}

// CHECK-LABEL: func.func @acos_f32(
// CHECK-NEXT: %cst = arith.constant 0.722734272 : f32
// CHECK-NEXT: return %cst : f32
func.func @acos_f32() -> (f32) {
  %a = arith.constant 0.75 : f32
  %0 = math.acos %a : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @asin_f32(
// CHECK-NEXT: %cst = arith.constant 0.848062098 : f32
// CHECK-NEXT: return %cst : f32
func.func @asin_f32() -> (f32) {
  %a = arith.constant 0.75 : f32
  %0 = math.asin %a : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @asinh_f32(
// CHECK-NEXT: %cst = arith.constant 0.693147182 : f32
// CHECK-NEXT: return %cst : f32
func.func @asinh_f32() -> (f32) {
  %a = arith.constant 0.75 : f32
  %0 = math.asinh %a : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @asinh_f64(
// CHECK-NEXT: %cst = arith.constant -1.6472311463710958 : f64
// CHECK-NEXT: return %cst : f64
func.func @asinh_f64() -> (f64) {
  %a = arith.constant -2.5 : f64
  %0 = math.asinh %a : f64
  return %0 : f64
}

// CHECK-LABEL: func.func @atan_f32(
// CHECK-NEXT: %cst = arith.constant 0.643501102 : f32
// CHECK-NEXT: return %cst : f32
func.func @atan_f32() -> (f32) {
  %a = arith.constant 0.75 : f32
  %0 = math.atan %a : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @atan_f64(
// CHECK-NEXT: %cst = arith.constant -1.1902899496825317 : f64
// CHECK-NEXT: return %cst : f64
func.func @atan_f64() -> (f64) {
  %a = arith.constant -2.5 : f64
  %0 = math.atan %a : f64
  return %0 : f64
}

// CHECK-LABEL: func.func @ceil_f32(
// CHECK-NEXT: %cst = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: return %cst : f32
func.func @ceil_f32() -> (f32) {
  %a = arith.constant 0.75 : f32
  %0 = math.ceil %a : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @ceil_f64(
// CHECK-NEXT: %cst = arith.constant -2.000000e+00 : f64
// CHECK-NEXT: return %cst : f64
func.func @ceil_f64() -> (f64) {
  %a = arith.constant -2.5 : f64
  %0 = math.ceil %a : f64
  return %0 : f64
}

// CHECK-LABEL: func.func @cos_f32(
// CHECK-NEXT: %cst = arith.constant 0.731688857 : f32
// CHECK-NEXT: return %cst : f32
func.func @cos_f32() -> (f32) {
  %a = arith.constant 0.75 : f32
  %0 = math.cos %a : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @cos_f64(
// CHECK-NEXT: %cst = arith.constant -0.8011436155469337 : f64
// CHECK-NEXT: return %cst : f64
func.func @cos_f64() -> (f64) {
  %a = arith.constant -2.5 : f64
  %0 = math.cos %a : f64
  return %0 : f64
}

// CHECK-LABEL: func.func @cosh_f32(
// CHECK-NEXT: %cst = arith.constant 1.29468334 : f32
// CHECK-NEXT: return %cst : f32
func.func @cosh_f32() -> (f32) {
  %a = arith.constant 0.75 : f32
  %0 = math.cosh %a : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @cosh_f64(
// CHECK-NEXT: %cst = arith.constant 6.1322894796636858 : f64
// CHECK-NEXT: return %cst : f64
func.func @cosh_f64() -> (f64) {
  %a = arith.constant -2.5 : f64
  %0 = math.cosh %a : f64
  return %0 : f64
}

// CHECK-LABEL: func.func @erf_f32(
// CHECK-NEXT: %cst = arith.constant 0.711155653 : f32
// CHECK-NEXT: return %cst : f32
func.func @erf_f32() -> (f32) {
  %a = arith.constant 0.75 : f32
  %0 = math.erf %a : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @erf_f64(
// CHECK-NEXT: %cst = arith.constant -0.99959304798255499 : f64
// CHECK-NEXT: return %cst : f64
func.func @erf_f64() -> (f64) {
  %a = arith.constant -2.5 : f64
  %0 = math.erf %a : f64
  return %0 : f64
}

// CHECK-LABEL: func.func @erfc_f32(
// CHECK-NEXT: %cst = arith.constant 0.288844377 : f32
// CHECK-NEXT: return %cst : f32
func.func @erfc_f32() -> (f32) {
  %a = arith.constant 0.75 : f32
  %0 = math.erfc %a : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @erfc_f64(
// CHECK-NEXT: %cst = arith.constant 1.999593047982555 : f64
// CHECK-NEXT: return %cst : f64
func.func @erfc_f64() -> (f64) {
  %a = arith.constant -2.5 : f64
  %0 = math.erfc %a : f64
  return %0 : f64
}

// CHECK-LABEL: func.func @exp_f32(
// CHECK-NEXT: %cst = arith.constant 2.117000e+00 : f32
// CHECK-NEXT: return %cst : f32
func.func @exp_f32() -> (f32) {
  %a = arith.constant 0.75 : f32
  %0 = math.exp %a : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @exp_f64(
// CHECK-NEXT: %cst = arith.constant 0.0820849986238988 : f64
// CHECK-NEXT: return %cst : f64
func.func @exp_f64() -> (f64) {
  %a = arith.constant -2.5 : f64
  %0 = math.exp %a : f64
  return %0 : f64
}

// CHECK-LABEL: func.func @exp2_f32(
// CHECK-NEXT: %cst = arith.constant 1.68179286 : f32
// CHECK-NEXT: return %cst : f32
func.func @exp2_f32() -> (f32) {
  %a = arith.constant 0.75 : f32
  %0 = math.exp2 %a : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @floor_f32(
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: return %cst : f32
func.func @floor_f32() -> (f32) {
  %a = arith.constant 0.75 : f32
  %0 = math.floor %a : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @floor_f64(
// CHECK-NEXT: %cst = arith.constant -3.000000e+00 : f64
// CHECK-NEXT: return %cst : f64
func.func @floor_f64() -> (f64) {
  %a = arith.constant -2.5 : f64
  %0 = math.floor %a : f64
  return %0 : f64
}

// CHECK-LABEL: func.func @log_f32(
// CHECK-NEXT: %cst = arith.constant -0.287682086 : f32
// CHECK-NEXT: return %cst : f32
func.func @log_f32() -> (f32) {
  %a = arith.constant 0.75 : f32
  %0 = math.log %a : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @log_f64(
// CHECK-NEXT: %cst = arith.constant -2.500000e+00 : f64
// CHECK-NEXT: %0 = math.log %cst : f64
// CHECK-NEXT: return %0 : f64
func.func @log_f64() -> (f64) {
  %a = arith.constant -2.5 : f64
  %0 = math.log %a : f64
  return %0 : f64
}

// CHECK-LABEL: func.func @log10_f64(
// CHECK-NEXT: %cst = arith.constant -2.500000e+00 : f64
// CHECK-NEXT: %0 = math.log10 %cst : f64
// CHECK-NEXT: return %0 : f64
func.func @log10_f64() -> (f64) {
  %a = arith.constant -2.5 : f64
  %0 = math.log10 %a : f64
  return %0 : f64
}

// CHECK-LABEL: func.func @log1p_f32(
// CHECK-NEXT: %cst = arith.constant 0.559615791 : f32
// CHECK-NEXT: return %cst : f32
func.func @log1p_f32() -> (f32) {
  %a = arith.constant 0.75 : f32
  %0 = math.log1p %a : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @log1p_f64(
// CHECK-NEXT: %cst = arith.constant -2.500000e+00 : f64
// CHECK-NEXT: %0 = math.log1p %cst : f64
// CHECK-NEXT: return %0 : f64
func.func @log1p_f64() -> (f64) {
  %a = arith.constant -2.5 : f64
  %0 = math.log1p %a : f64
  return %0 : f64
}

// CHECK-LABEL: func.func @log2_f32(
// CHECK-NEXT: %cst = arith.constant -0.415037513 : f32
// CHECK-NEXT: return %cst : f32
func.func @log2_f32() -> (f32) {
  %a = arith.constant 0.75 : f32
  %0 = math.log2 %a : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @log2_f64(
// CHECK-NEXT: %cst = arith.constant -2.500000e+00 : f64
// CHECK-NEXT: %0 = math.log2 %cst : f64
// CHECK-NEXT: return %0 : f64
func.func @log2_f64() -> (f64) {
  %a = arith.constant -2.5 : f64
  %0 = math.log2 %a : f64
  return %0 : f64
}

// CHECK-LABEL: func.func @round_f32(
// CHECK-NEXT: %cst = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: return %cst : f32
func.func @round_f32() -> (f32) {
  %a = arith.constant 0.75 : f32
  %0 = math.round %a : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @round_f64(
// CHECK-NEXT: %cst = arith.constant -3.000000e+00 : f64
// CHECK-NEXT: return %cst : f64
func.func @round_f64() -> (f64) {
  %a = arith.constant -2.5 : f64
  %0 = math.round %a : f64
  return %0 : f64
}

// CHECK-LABEL: func.func @roundeven_f32(
// CHECK-NEXT: %cst = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: return %cst : f32
func.func @roundeven_f32() -> (f32) {
  %a = arith.constant 0.75 : f32
  %0 = math.roundeven %a : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @roundeven_f64(
// CHECK-NEXT: %cst = arith.constant -2.000000e+00 : f64
// CHECK-NEXT: return %cst : f64
func.func @roundeven_f64() -> (f64) {
  %a = arith.constant -2.5 : f64
  %0 = math.roundeven %a : f64
  return %0 : f64
}

// CHECK-LABEL: func.func @sin_f32(
// CHECK-NEXT: %cst = arith.constant 0.681638777 : f32
// CHECK-NEXT: return %cst : f32
func.func @sin_f32() -> (f32) {
  %a = arith.constant 0.75 : f32
  %0 = math.sin %a : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @sinh_f32(
// CHECK-NEXT: %cst = arith.constant 0.822316706 : f32
// CHECK-NEXT: return %cst : f32
func.func @sinh_f32() -> (f32) {
  %a = arith.constant 0.75 : f32
  %0 = math.sinh %a : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @sinh_f64(
// CHECK-NEXT: %cst = arith.constant -6.0502044810397875 : f64
// CHECK-NEXT: return %cst : f64
func.func @sinh_f64() -> (f64) {
  %a = arith.constant -2.5 : f64
  %0 = math.sinh %a : f64
  return %0 : f64
}

// CHECK-LABEL: func.func @sqrt_f32(
// CHECK-NEXT: %cst = arith.constant 0.866025388 : f32
// CHECK-NEXT: return %cst : f32
func.func @sqrt_f32() -> (f32) {
  %a = arith.constant 0.75 : f32
  %0 = math.sqrt %a : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @sqrt_f64(
// CHECK-NEXT: %cst = arith.constant -2.500000e+00 : f64
// CHECK-NEXT: %0 = math.sqrt %cst : f64
// CHECK-NEXT: return %0 : f64
func.func @sqrt_f64() -> (f64) {
  %a = arith.constant -2.5 : f64
  %0 = math.sqrt %a : f64
  return %0 : f64
}

// CHECK-LABEL: func.func @tan_f32(
// CHECK-NEXT: %cst = arith.constant 0.931596457 : f32
// CHECK-NEXT: return %cst : f32
func.func @tan_f32() -> (f32) {
  %a = arith.constant 0.75 : f32
  %0 = math.tan %a : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @tanh_f32(
// CHECK-NEXT: %cst = arith.constant 0.635148942 : f32
// CHECK-NEXT: return %cst : f32
func.func @tanh_f32() -> (f32) {
  %a = arith.constant 0.75 : f32
  %0 = math.tanh %a : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @tanh_f64(
// CHECK-NEXT: %cst = arith.constant -0.98661429815143031 : f64
// CHECK-NEXT: return %cst : f64
func.func @tanh_f64() -> (f64) {
  %a = arith.constant -2.5 : f64
  %0 = math.tanh %a : f64
  return %0 : f64
}

// CHECK-LABEL: func.func @trunc_f32(
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: return %cst : f32
func.func @trunc_f32() -> (f32) {
  %a = arith.constant 0.75 : f32
  %0 = math.trunc %a : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @trunc_f64(
// CHECK-NEXT: %cst = arith.constant -2.000000e+00 : f64
// CHECK-NEXT: return %cst : f64
func.func @trunc_f64() -> (f64) {
  %a = arith.constant -2.5 : f64
  %0 = math.trunc %a : f64
  return %0 : f64
}

// CHECK-LABEL: func.func @absf_f16(
// CHECK-NEXT: %cst = arith.constant 2.500000e+00 : f16
// CHECK-NEXT: return %cst : f16
func.func @absf_f16() -> (f16) {
  %a = arith.constant -2.5 : f16
  %0 = math.absf %a : f16
  return %0 : f16
}

// CHECK-LABEL: func.func @ceil_f16(
// CHECK-NEXT: %cst = arith.constant -2.000000e+00 : f16
// CHECK-NEXT: return %cst : f16
func.func @ceil_f16() -> (f16) {
  %a = arith.constant -2.5 : f16
  %0 = math.ceil %a : f16
  return %0 : f16
}

// CHECK-LABEL: func.func @floor_f16(
// CHECK-NEXT: %cst = arith.constant -3.000000e+00 : f16
// CHECK-NEXT: return %cst : f16
func.func @floor_f16() -> (f16) {
  %a = arith.constant -2.5 : f16
  %0 = math.floor %a : f16
  return %0 : f16
}

// CHECK-LABEL: func.func @roundeven_f16(
// CHECK-NEXT: %cst = arith.constant -2.000000e+00 : f16
// CHECK-NEXT: return %cst : f16
func.func @roundeven_f16() -> (f16) {
  %a = arith.constant -2.5 : f16
  %0 = math.roundeven %a : f16
  return %0 : f16
}

// CHECK-LABEL: func.func @trunc_f16(
// CHECK-NEXT: %cst = arith.constant -2.500000e+00 : f16
// CHECK-NEXT: %0 = math.trunc %cst : f16
// CHECK-NEXT: return %0 : f16
func.func @trunc_f16() -> (f16) {
  %a = arith.constant -2.5 : f16
  %0 = math.trunc %a : f16
  return %0 : f16
}

// CHECK-LABEL: func.func @sin_f16_kept(
// CHECK-NEXT: %cst = arith.constant 5.000000e-01 : f16
// CHECK-NEXT: %0 = math.sin %cst : f16
// CHECK-NEXT: return %0 : f16
func.func @sin_f16_kept() -> (f16) {
  %a = arith.constant 0.5 : f16
  %0 = math.sin %a : f16
  return %0 : f16
}

// CHECK-LABEL: func.func @sqrt_neg_kept(
// CHECK-NEXT: %cst = arith.constant -4.000000e+00 : f32
// CHECK-NEXT: %0 = math.sqrt %cst : f32
// CHECK-NEXT: return %0 : f32
func.func @sqrt_neg_kept() -> (f32) {
  %a = arith.constant -4.0 : f32
  %0 = math.sqrt %a : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @log_negzero_kept(
// CHECK-NEXT: %cst = arith.constant -0.000000e+00 : f32
// CHECK-NEXT: %0 = math.log %cst : f32
// CHECK-NEXT: return %0 : f32
func.func @log_negzero_kept() -> (f32) {
  %a = arith.constant -0.0 : f32
  %0 = math.log %a : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @atan2_f32(
// CHECK-NEXT: %cst = arith.constant 2.8501358 : f32
// CHECK-NEXT: return %cst : f32
func.func @atan2_f32() -> (f32) {
  %a = arith.constant 0.75 : f32
  %b = arith.constant -2.5 : f32
  %0 = math.atan2 %a, %b : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @copysign_f32(
// CHECK-NEXT: %cst = arith.constant -7.500000e-01 : f32
// CHECK-NEXT: return %cst : f32
func.func @copysign_f32() -> (f32) {
  %a = arith.constant 0.75 : f32
  %b = arith.constant -2.5 : f32
  %0 = math.copysign %a, %b : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @powf_f32(
// CHECK-NEXT: %cst = arith.constant 2.05280089 : f32
// CHECK-NEXT: return %cst : f32
func.func @powf_f32() -> (f32) {
  %a = arith.constant 0.75 : f32
  %b = arith.constant -2.5 : f32
  %0 = math.powf %a, %b : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @atan2_zero(
// CHECK-NEXT: %cst = arith.constant 0x7FF8000000000000 : f64
// CHECK-NEXT: return %cst : f64
func.func @atan2_zero() -> (f64) {
  %a = arith.constant 0.0 : f64
  %0 = math.atan2 %a, %a : f64
  return %0 : f64
}

// CHECK-LABEL: func.func @ctlz_12(
// CHECK-NEXT: %c4_i8 = arith.constant 4 : i8
// CHECK-NEXT: return %c4_i8 : i8
func.func @ctlz_12() -> (i8) {
  %a = arith.constant 12 : i8
  %0 = math.ctlz %a : i8
  return %0 : i8
}

// CHECK-LABEL: func.func @cttz_12(
// CHECK-NEXT: %c2_i8 = arith.constant 2 : i8
// CHECK-NEXT: return %c2_i8 : i8
func.func @cttz_12() -> (i8) {
  %a = arith.constant 12 : i8
  %0 = math.cttz %a : i8
  return %0 : i8
}

// CHECK-LABEL: func.func @ctpop_m3(
// CHECK-NEXT: %c7_i8 = arith.constant 7 : i8
// CHECK-NEXT: return %c7_i8 : i8
func.func @ctpop_m3() -> (i8) {
  %a = arith.constant -3 : i8
  %0 = math.ctpop %a : i8
  return %0 : i8
}

// CHECK-LABEL: func.func @absi_m3(
// CHECK-NEXT: %c3_i8 = arith.constant 3 : i8
// CHECK-NEXT: return %c3_i8 : i8
func.func @absi_m3() -> (i8) {
  %a = arith.constant -3 : i8
  %0 = math.absi %a : i8
  return %0 : i8
}

// CHECK-LABEL: func.func @cttz_0(
// CHECK-NEXT: %c8_i8 = arith.constant 8 : i8
// CHECK-NEXT: return %c8_i8 : i8
func.func @cttz_0() -> (i8) {
  %a = arith.constant 0 : i8
  %0 = math.cttz %a : i8
  return %0 : i8
}

// CHECK-LABEL: func.func @absi_m128(
// CHECK-NEXT: %c-128_i8 = arith.constant -128 : i8
// CHECK-NEXT: return %c-128_i8 : i8
func.func @absi_m128() -> (i8) {
  %a = arith.constant -128 : i8
  %0 = math.absi %a : i8
  return %0 : i8
}

// CHECK-LABEL: func.func @ipowi_0(
// CHECK-NEXT: %c-243_i32 = arith.constant -243 : i32
// CHECK-NEXT: return %c-243_i32 : i32
func.func @ipowi_0() -> (i32) {
  %a = arith.constant -3 : i32
  %b = arith.constant 5 : i32
  %0 = math.ipowi %a, %b : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @ipowi_1(
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: return %c0_i32 : i32
func.func @ipowi_1() -> (i32) {
  %a = arith.constant 2 : i32
  %b = arith.constant -1 : i32
  %0 = math.ipowi %a, %b : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @ipowi_2(
// CHECK-NEXT: %c-1_i32 = arith.constant -1 : i32
// CHECK-NEXT: return %c-1_i32 : i32
func.func @ipowi_2() -> (i32) {
  %a = arith.constant -1 : i32
  %b = arith.constant -3 : i32
  %0 = math.ipowi %a, %b : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @ipowi_3(
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c-2_i32 = arith.constant -2 : i32
// CHECK-NEXT: %0 = math.ipowi %c0_i32, %c-2_i32 : i32
// CHECK-NEXT: return %0 : i32
func.func @ipowi_3() -> (i32) {
  %a = arith.constant 0 : i32
  %b = arith.constant -2 : i32
  %0 = math.ipowi %a, %b : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @ipowi_4(
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: return %c1_i32 : i32
func.func @ipowi_4() -> (i32) {
  %a = arith.constant 7 : i32
  %b = arith.constant 0 : i32
  %0 = math.ipowi %a, %b : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @ipowi_5(
// CHECK-NEXT: %c689956897_i32 = arith.constant 689956897 : i32
// CHECK-NEXT: return %c689956897_i32 : i32
func.func @ipowi_5() -> (i32) {
  %a = arith.constant 3 : i32
  %b = arith.constant 40 : i32
  %0 = math.ipowi %a, %b : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @isnan_0(
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: return %false : i1
func.func @isnan_0() -> (i1) {
  %a = arith.constant 0.75 : f32
  %0 = math.isnan %a : f32
  return %0 : i1
}

// CHECK-LABEL: func.func @isnan_1(
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: return %false : i1
func.func @isnan_1() -> (i1) {
  %a = arith.constant 0x7F800000 : f32
  %0 = math.isnan %a : f32
  return %0 : i1
}

// CHECK-LABEL: func.func @isnan_2(
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: return %true : i1
func.func @isnan_2() -> (i1) {
  %a = arith.constant 0x7FC00000 : f32
  %0 = math.isnan %a : f32
  return %0 : i1
}

// CHECK-LABEL: func.func @isnan_3(
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: return %false : i1
func.func @isnan_3() -> (i1) {
  %a = arith.constant 1.0e-40 : f32
  %0 = math.isnan %a : f32
  return %0 : i1
}

// CHECK-LABEL: func.func @isinf_0(
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: return %false : i1
func.func @isinf_0() -> (i1) {
  %a = arith.constant 0.75 : f32
  %0 = math.isinf %a : f32
  return %0 : i1
}

// CHECK-LABEL: func.func @isinf_1(
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: return %true : i1
func.func @isinf_1() -> (i1) {
  %a = arith.constant 0x7F800000 : f32
  %0 = math.isinf %a : f32
  return %0 : i1
}

// CHECK-LABEL: func.func @isinf_2(
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: return %false : i1
func.func @isinf_2() -> (i1) {
  %a = arith.constant 0x7FC00000 : f32
  %0 = math.isinf %a : f32
  return %0 : i1
}

// CHECK-LABEL: func.func @isinf_3(
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: return %false : i1
func.func @isinf_3() -> (i1) {
  %a = arith.constant 1.0e-40 : f32
  %0 = math.isinf %a : f32
  return %0 : i1
}

// CHECK-LABEL: func.func @isfinite_0(
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: return %true : i1
func.func @isfinite_0() -> (i1) {
  %a = arith.constant 0.75 : f32
  %0 = math.isfinite %a : f32
  return %0 : i1
}

// CHECK-LABEL: func.func @isfinite_1(
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: return %false : i1
func.func @isfinite_1() -> (i1) {
  %a = arith.constant 0x7F800000 : f32
  %0 = math.isfinite %a : f32
  return %0 : i1
}

// CHECK-LABEL: func.func @isfinite_2(
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: return %false : i1
func.func @isfinite_2() -> (i1) {
  %a = arith.constant 0x7FC00000 : f32
  %0 = math.isfinite %a : f32
  return %0 : i1
}

// CHECK-LABEL: func.func @isfinite_3(
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: return %true : i1
func.func @isfinite_3() -> (i1) {
  %a = arith.constant 1.0e-40 : f32
  %0 = math.isfinite %a : f32
  return %0 : i1
}

// CHECK-LABEL: func.func @isnormal_0(
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: return %true : i1
func.func @isnormal_0() -> (i1) {
  %a = arith.constant 0.75 : f32
  %0 = math.isnormal %a : f32
  return %0 : i1
}

// CHECK-LABEL: func.func @isnormal_1(
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: return %false : i1
func.func @isnormal_1() -> (i1) {
  %a = arith.constant 0x7F800000 : f32
  %0 = math.isnormal %a : f32
  return %0 : i1
}

// CHECK-LABEL: func.func @isnormal_2(
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: return %false : i1
func.func @isnormal_2() -> (i1) {
  %a = arith.constant 0x7FC00000 : f32
  %0 = math.isnormal %a : f32
  return %0 : i1
}

// CHECK-LABEL: func.func @isnormal_3(
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: return %false : i1
func.func @isnormal_3() -> (i1) {
  %a = arith.constant 1.0e-40 : f32
  %0 = math.isnormal %a : f32
  return %0 : i1
}

// CHECK-LABEL: func.func @vec_floor(
// CHECK-NEXT: %cst = arith.constant dense<[1.000000e+00, -2.000000e+00]> : vector<2xf32>
// CHECK-NEXT: return %cst : vector<2xf32>
func.func @vec_floor() -> (vector<2xf32>) {
  %a = arith.constant dense<[1.5, -1.5]> : vector<2xf32>
  %0 = math.floor %a : vector<2xf32>
  return %0 : vector<2xf32>
}

// CHECK-LABEL: func.func @vec_ctpop(
// CHECK-NEXT: %cst = arith.constant dense<[8, 16]> : vector<2xi16>
// CHECK-NEXT: return %cst : vector<2xi16>
func.func @vec_ctpop() -> (vector<2xi16>) {
  %a = arith.constant dense<[255, -1]> : vector<2xi16>
  %0 = math.ctpop %a : vector<2xi16>
  return %0 : vector<2xi16>
}

// CHECK-LABEL: func.func @fastmath_kept(
// CHECK-NEXT: %0 = math.exp %arg0 fastmath<fast> : f32
// CHECK-NEXT: return %0 : f32
func.func @fastmath_kept(%x: f32) -> (f32) {
  %0 = math.exp %x fastmath<fast> : f32
  return %0 : f32
}
