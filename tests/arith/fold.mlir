// RUN: strata-opt --canonicalize %s | FileCheck %s

// Folding of arith operations (each function exercises one folder):
// constants of every kind, identities, cast chains, comparisons, select.

// CHECK-LABEL: func.func @addi_0(
// CHECK-NEXT: %c4_i32 = arith.constant 4 : i32
// CHECK-NEXT: return %c4_i32 : i32
func.func @addi_0() -> (i32) {
  %a = arith.constant 7 : i32
  %b = arith.constant -3 : i32
  %0 = arith.addi %a, %b : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @subi_1(
// CHECK-NEXT: %c10_i32 = arith.constant 10 : i32
// CHECK-NEXT: return %c10_i32 : i32
func.func @subi_1() -> (i32) {
  %a = arith.constant 7 : i32
  %b = arith.constant -3 : i32
  %0 = arith.subi %a, %b : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @muli_2(
// CHECK-NEXT: %c-21_i32 = arith.constant -21 : i32
// CHECK-NEXT: return %c-21_i32 : i32
func.func @muli_2() -> (i32) {
  %a = arith.constant 7 : i32
  %b = arith.constant -3 : i32
  %0 = arith.muli %a, %b : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @divsi_3(
// CHECK-NEXT: %c-3_i32 = arith.constant -3 : i32
// CHECK-NEXT: return %c-3_i32 : i32
func.func @divsi_3() -> (i32) {
  %a = arith.constant -7 : i32
  %b = arith.constant 2 : i32
  %0 = arith.divsi %a, %b : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @divui_4(
// CHECK-NEXT: %c2147483644_i32 = arith.constant 2147483644 : i32
// CHECK-NEXT: return %c2147483644_i32 : i32
func.func @divui_4() -> (i32) {
  %a = arith.constant -7 : i32
  %b = arith.constant 2 : i32
  %0 = arith.divui %a, %b : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @remsi_5(
// CHECK-NEXT: %c-1_i32 = arith.constant -1 : i32
// CHECK-NEXT: return %c-1_i32 : i32
func.func @remsi_5() -> (i32) {
  %a = arith.constant -7 : i32
  %b = arith.constant 2 : i32
  %0 = arith.remsi %a, %b : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @remui_6(
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: return %c1_i32 : i32
func.func @remui_6() -> (i32) {
  %a = arith.constant -7 : i32
  %b = arith.constant 2 : i32
  %0 = arith.remui %a, %b : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @ceildivsi_7(
// CHECK-NEXT: %c-3_i32 = arith.constant -3 : i32
// CHECK-NEXT: return %c-3_i32 : i32
func.func @ceildivsi_7() -> (i32) {
  %a = arith.constant -7 : i32
  %b = arith.constant 2 : i32
  %0 = arith.ceildivsi %a, %b : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @ceildivui_8(
// CHECK-NEXT: %c4_i32 = arith.constant 4 : i32
// CHECK-NEXT: return %c4_i32 : i32
func.func @ceildivui_8() -> (i32) {
  %a = arith.constant 7 : i32
  %b = arith.constant 2 : i32
  %0 = arith.ceildivui %a, %b : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @floordivsi_9(
// CHECK-NEXT: %c-4_i32 = arith.constant -4 : i32
// CHECK-NEXT: return %c-4_i32 : i32
func.func @floordivsi_9() -> (i32) {
  %a = arith.constant -7 : i32
  %b = arith.constant 2 : i32
  %0 = arith.floordivsi %a, %b : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @andi_10(
// CHECK-NEXT: %c80_i8 = arith.constant 80 : i8
// CHECK-NEXT: return %c80_i8 : i8
func.func @andi_10() -> (i8) {
  %a = arith.constant 90 : i8
  %b = arith.constant -16 : i8
  %0 = arith.andi %a, %b : i8
  return %0 : i8
}

// CHECK-LABEL: func.func @ori_11(
// CHECK-NEXT: %c-6_i8 = arith.constant -6 : i8
// CHECK-NEXT: return %c-6_i8 : i8
func.func @ori_11() -> (i8) {
  %a = arith.constant 90 : i8
  %b = arith.constant -16 : i8
  %0 = arith.ori %a, %b : i8
  return %0 : i8
}

// CHECK-LABEL: func.func @xori_12(
// CHECK-NEXT: %c-86_i8 = arith.constant -86 : i8
// CHECK-NEXT: return %c-86_i8 : i8
func.func @xori_12() -> (i8) {
  %a = arith.constant 90 : i8
  %b = arith.constant -16 : i8
  %0 = arith.xori %a, %b : i8
  return %0 : i8
}

// CHECK-LABEL: func.func @shli_13(
// CHECK-NEXT: %c-48_i8 = arith.constant -48 : i8
// CHECK-NEXT: return %c-48_i8 : i8
func.func @shli_13() -> (i8) {
  %a = arith.constant 90 : i8
  %b = arith.constant 3 : i8
  %0 = arith.shli %a, %b : i8
  return %0 : i8
}

// CHECK-LABEL: func.func @shrui_14(
// CHECK-NEXT: %c30_i8 = arith.constant 30 : i8
// CHECK-NEXT: return %c30_i8 : i8
func.func @shrui_14() -> (i8) {
  %a = arith.constant -16 : i8
  %b = arith.constant 3 : i8
  %0 = arith.shrui %a, %b : i8
  return %0 : i8
}

// CHECK-LABEL: func.func @shrsi_15(
// CHECK-NEXT: %c-2_i8 = arith.constant -2 : i8
// CHECK-NEXT: return %c-2_i8 : i8
func.func @shrsi_15() -> (i8) {
  %a = arith.constant -16 : i8
  %b = arith.constant 3 : i8
  %0 = arith.shrsi %a, %b : i8
  return %0 : i8
}

// CHECK-LABEL: func.func @maxsi_16(
// CHECK-NEXT: %c90_i8 = arith.constant 90 : i8
// CHECK-NEXT: return %c90_i8 : i8
func.func @maxsi_16() -> (i8) {
  %a = arith.constant 90 : i8
  %b = arith.constant -16 : i8
  %0 = arith.maxsi %a, %b : i8
  return %0 : i8
}

// CHECK-LABEL: func.func @maxui_17(
// CHECK-NEXT: %c-16_i8 = arith.constant -16 : i8
// CHECK-NEXT: return %c-16_i8 : i8
func.func @maxui_17() -> (i8) {
  %a = arith.constant 90 : i8
  %b = arith.constant -16 : i8
  %0 = arith.maxui %a, %b : i8
  return %0 : i8
}

// CHECK-LABEL: func.func @minsi_18(
// CHECK-NEXT: %c-16_i8 = arith.constant -16 : i8
// CHECK-NEXT: return %c-16_i8 : i8
func.func @minsi_18() -> (i8) {
  %a = arith.constant 90 : i8
  %b = arith.constant -16 : i8
  %0 = arith.minsi %a, %b : i8
  return %0 : i8
}

// CHECK-LABEL: func.func @minui_19(
// CHECK-NEXT: %c90_i8 = arith.constant 90 : i8
// CHECK-NEXT: return %c90_i8 : i8
func.func @minui_19() -> (i8) {
  %a = arith.constant 90 : i8
  %b = arith.constant -16 : i8
  %0 = arith.minui %a, %b : i8
  return %0 : i8
}

// CHECK-LABEL: func.func @addi_20(
// CHECK-NEXT: %c-170141183460469231731687303715884105728_i128 = arith.constant -170141183460469231731687303715884105728 : i128
// CHECK-NEXT: return %c-170141183460469231731687303715884105728_i128 : i128
func.func @addi_20() -> (i128) {
  %a = arith.constant 170141183460469231731687303715884105727 : i128
  %b = arith.constant 1 : i128
  %0 = arith.addi %a, %b : i128
  return %0 : i128
}

// CHECK-LABEL: func.func @muli_21(
// CHECK-NEXT: %c0_i64 = arith.constant 0 : i64
// CHECK-NEXT: return %c0_i64 : i64
func.func @muli_21() -> (i64) {
  %a = arith.constant 4294967296 : i64
  %b = arith.constant 4294967296 : i64
  %0 = arith.muli %a, %b : i64
  return %0 : i64
}

// CHECK-LABEL: func.func @divsi_22(
// CHECK-NEXT: %c-128_i8 = arith.constant -128 : i8
// CHECK-NEXT: %c-1_i8 = arith.constant -1 : i8
// CHECK-NEXT: %0 = arith.divsi %c-128_i8, %c-1_i8 : i8
// CHECK-NEXT: return %0 : i8
func.func @divsi_22() -> (i8) {
  %a = arith.constant -128 : i8
  %b = arith.constant -1 : i8
  %0 = arith.divsi %a, %b : i8
  return %0 : i8
}

// CHECK-LABEL: func.func @divui_23(
// CHECK-NEXT: %c5_i32 = arith.constant 5 : i32
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %0 = arith.divui %c5_i32, %c0_i32 : i32
// CHECK-NEXT: return %0 : i32
func.func @divui_23() -> (i32) {
  %a = arith.constant 5 : i32
  %b = arith.constant 0 : i32
  %0 = arith.divui %a, %b : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @shli_24(
// CHECK-NEXT: %c1_i8 = arith.constant 1 : i8
// CHECK-NEXT: %c8_i8 = arith.constant 8 : i8
// CHECK-NEXT: %0 = arith.shli %c1_i8, %c8_i8 : i8
// CHECK-NEXT: return %0 : i8
func.func @shli_24() -> (i8) {
  %a = arith.constant 1 : i8
  %b = arith.constant 8 : i8
  %0 = arith.shli %a, %b : i8
  return %0 : i8
}

// CHECK-LABEL: func.func @addi_25(
// CHECK-NEXT: %c14 = arith.constant 14 : index
// CHECK-NEXT: return %c14 : index
func.func @addi_25() -> (index) {
  %a = arith.constant 5 : index
  %b = arith.constant 9 : index
  %0 = arith.addi %a, %b : index
  return %0 : index
}

// CHECK-LABEL: func.func @addf_f0(
// CHECK-NEXT: %cst = arith.constant 1.600000e+00 : f32
// CHECK-NEXT: return %cst : f32
func.func @addf_f0() -> (f32) {
  %a = arith.constant 1.5 : f32
  %b = arith.constant 0.1 : f32
  %0 = arith.addf %a, %b : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @subf_f1(
// CHECK-NEXT: %cst = arith.constant 1.400000e+00 : f32
// CHECK-NEXT: return %cst : f32
func.func @subf_f1() -> (f32) {
  %a = arith.constant 1.5 : f32
  %b = arith.constant 0.1 : f32
  %0 = arith.subf %a, %b : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @mulf_f2(
// CHECK-NEXT: %cst = arith.constant 1.500000e-01 : f32
// CHECK-NEXT: return %cst : f32
func.func @mulf_f2() -> (f32) {
  %a = arith.constant 1.5 : f32
  %b = arith.constant 0.1 : f32
  %0 = arith.mulf %a, %b : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @divf_f3(
// CHECK-NEXT: %cst = arith.constant 0.33333333333333331 : f64
// CHECK-NEXT: return %cst : f64
func.func @divf_f3() -> (f64) {
  %a = arith.constant 1.0 : f64
  %b = arith.constant 3.0 : f64
  %0 = arith.divf %a, %b : f64
  return %0 : f64
}

// CHECK-LABEL: func.func @remf_f4(
// CHECK-NEXT: %cst = arith.constant 1.500000e+00 : f32
// CHECK-NEXT: return %cst : f32
func.func @remf_f4() -> (f32) {
  %a = arith.constant 5.5 : f32
  %b = arith.constant 2.0 : f32
  %0 = arith.remf %a, %b : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @addf_f5(
// CHECK-NEXT: %cst = arith.constant 0x7C00 : f16
// CHECK-NEXT: return %cst : f16
func.func @addf_f5() -> (f16) {
  %a = arith.constant 65504.0 : f16
  %b = arith.constant 65504.0 : f16
  %0 = arith.addf %a, %b : f16
  return %0 : f16
}

// CHECK-LABEL: func.func @mulf_f6(
// CHECK-NEXT: %cst = arith.constant 3.007810e-01 : bf16
// CHECK-NEXT: return %cst : bf16
func.func @mulf_f6() -> (bf16) {
  %a = arith.constant 3.0 : bf16
  %b = arith.constant 0.1 : bf16
  %0 = arith.mulf %a, %b : bf16
  return %0 : bf16
}

// CHECK-LABEL: func.func @maximumf_f7(
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: return %cst : f32
func.func @maximumf_f7() -> (f32) {
  %a = arith.constant -0.0 : f32
  %b = arith.constant 0.0 : f32
  %0 = arith.maximumf %a, %b : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @minimumf_f8(
// CHECK-NEXT: %cst = arith.constant -0.000000e+00 : f32
// CHECK-NEXT: return %cst : f32
func.func @minimumf_f8() -> (f32) {
  %a = arith.constant -0.0 : f32
  %b = arith.constant 0.0 : f32
  %0 = arith.minimumf %a, %b : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @maxnumf_f9(
// CHECK-NEXT: %cst = arith.constant 2.000000e+00 : f32
// CHECK-NEXT: return %cst : f32
func.func @maxnumf_f9() -> (f32) {
  %a = arith.constant 0x7FC00000 : f32
  %b = arith.constant 2.0 : f32
  %0 = arith.maxnumf %a, %b : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @minimumf_f10(
// CHECK-NEXT: %cst = arith.constant 0x7FC00001 : f32
// CHECK-NEXT: return %cst : f32
func.func @minimumf_f10() -> (f32) {
  %a = arith.constant 0x7FC00001 : f32
  %b = arith.constant 2.0 : f32
  %0 = arith.minimumf %a, %b : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @subf_f11(
// CHECK-NEXT: %cst = arith.constant 0x7FC00000 : f32
// CHECK-NEXT: return %cst : f32
func.func @subf_f11() -> (f32) {
  %a = arith.constant 0x7F800000 : f32
  %b = arith.constant 0x7F800000 : f32
  %0 = arith.subf %a, %b : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @divf_f12(
// CHECK-NEXT: %cst = arith.constant 0x7FF8000000000000 : f64
// CHECK-NEXT: return %cst : f64
func.func @divf_f12() -> (f64) {
  %a = arith.constant 0.0 : f64
  %b = arith.constant 0.0 : f64
  %0 = arith.divf %a, %b : f64
  return %0 : f64
}

// CHECK-LABEL: func.func @ident_0(
// CHECK-NEXT: return %arg0 : i32
func.func @ident_0(%x: i32) -> (i32) {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %x, %c0 : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @ident_1(
// CHECK-NEXT: return %arg0 : i32
func.func @ident_1(%x: i32) -> (i32) {
  %c1 = arith.constant 1 : i32
  %0 = arith.muli %x, %c1 : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @ident_2(
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: return %c0_i32 : i32
func.func @ident_2(%x: i32) -> (i32) {
  %c0 = arith.constant 0 : i32
  %0 = arith.muli %x, %c0 : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @ident_3(
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: return %c0_i32 : i32
func.func @ident_3(%x: i32) -> (i32) {
  %0 = arith.subi %x, %x : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @ident_4(
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: return %c0_i32 : i32
func.func @ident_4(%x: i32) -> (i32) {
  %0 = arith.xori %x, %x : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @ident_5(
// CHECK-NEXT: return %arg0 : i32
func.func @ident_5(%x: i32) -> (i32) {
  %0 = arith.andi %x, %x : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @ident_6(
// CHECK-NEXT: return %arg0 : i32
func.func @ident_6(%x: i32) -> (i32) {
  %0 = arith.ori %x, %x : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @ident_7(
// CHECK-NEXT: return %arg0 : i32
func.func @ident_7(%x: i32) -> (i32) {
  %m = arith.constant -1 : i32
  %0 = arith.andi %x, %m : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @ident_8(
// CHECK-NEXT: %c-1_i32 = arith.constant -1 : i32
// CHECK-NEXT: return %c-1_i32 : i32
func.func @ident_8(%x: i32) -> (i32) {
  %m = arith.constant -1 : i32
  %0 = arith.ori %x, %m : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @ident_9(
// CHECK-NEXT: return %arg0 : i32
func.func @ident_9(%x: i32) -> (i32) {
  %c0 = arith.constant 0 : i32
  %0 = arith.shrsi %x, %c0 : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @ident_10(
// CHECK-NEXT: return %arg0 : i32
func.func @ident_10(%x: i32) -> (i32) {
  %c1 = arith.constant 1 : i32
  %0 = arith.divui %x, %c1 : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @ident_11(
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: return %c0_i32 : i32
func.func @ident_11(%x: i32) -> (i32) {
  %c1 = arith.constant 1 : i32
  %0 = arith.remsi %x, %c1 : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @ident_12(
// CHECK-NEXT: return %arg0 : i32
func.func @ident_12(%x: i32) -> (i32) {
  %0 = arith.maxsi %x, %x : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @ident_13(
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: return %c0_i32 : i32
func.func @ident_13(%x: i32) -> (i32) {
  %c0 = arith.constant 0 : i32
  %0 = arith.minui %x, %c0 : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @ident_14(
// CHECK-NEXT: %c2147483647_i32 = arith.constant 2147483647 : i32
// CHECK-NEXT: return %c2147483647_i32 : i32
func.func @ident_14(%x: i32) -> (i32) {
  %mx = arith.constant 2147483647 : i32
  %0 = arith.maxsi %x, %mx : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @fident_0(
// CHECK-NEXT: return %arg0 : f32
func.func @fident_0(%x: f32) -> (f32) {
  %c = arith.constant -0.0 : f32
  %0 = arith.addf %x, %c : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @fident_1(
// CHECK-NEXT: return %arg0 : f32
func.func @fident_1(%x: f32) -> (f32) {
  %c = arith.constant 0.0 : f32
  %0 = arith.subf %x, %c : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @fident_2(
// CHECK-NEXT: return %arg0 : f32
func.func @fident_2(%x: f32) -> (f32) {
  %c = arith.constant 1.0 : f32
  %0 = arith.mulf %x, %c : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @fident_3(
// CHECK-NEXT: return %arg0 : f32
func.func @fident_3(%x: f32) -> (f32) {
  %c = arith.constant 1.0 : f32
  %0 = arith.divf %x, %c : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @fident_4(
// CHECK-NEXT: return %arg0 : f32
func.func @fident_4(%x: f32) -> (f32) {
  %c = arith.constant 0xFF800000 : f32
  %0 = arith.maximumf %x, %c : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @fident_5(
// CHECK-NEXT: %cst = arith.constant 0x7F800000 : f32
// CHECK-NEXT: %0 = arith.minnumf %arg0, %cst : f32
// CHECK-NEXT: return %0 : f32
func.func @fident_5(%x: f32) -> (f32) {
  %c = arith.constant 0x7F800000 : f32
  %0 = arith.minnumf %x, %c : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @fident_6(
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %0 = arith.addf %arg0, %cst : f32
// CHECK-NEXT: return %0 : f32
func.func @fident_6(%x: f32) -> (f32) {
  %c = arith.constant 0.0 : f32
  %0 = arith.addf %x, %c : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @sub_add(
// CHECK-NEXT: return %arg0 : i32
func.func @sub_add(%x: i32, %y: i32) -> (i32) {
  %0 = arith.subi %x, %y : i32
  %1 = arith.addi %0, %y : i32
  return %1 : i32
}

// CHECK-LABEL: func.func @add_sub(
// CHECK-NEXT: return %arg1 : i32
func.func @add_sub(%x: i32, %y: i32) -> (i32) {
  %0 = arith.addi %x, %y : i32
  %1 = arith.subi %0, %x : i32
  return %1 : i32
}

// CHECK-LABEL: func.func @xor_xor(
// CHECK-NEXT: return %arg0 : i32
func.func @xor_xor(%x: i32, %y: i32) -> (i32) {
  %0 = arith.xori %x, %y : i32
  %1 = arith.xori %0, %y : i32
  return %1 : i32
}

// CHECK-LABEL: func.func @negf_negf(
// CHECK-NEXT: return %arg0 : f32
func.func @negf_negf(%x: f32) -> (f32) {
  %0 = arith.negf %x : f32
  %1 = arith.negf %0 : f32
  return %1 : f32
}

// CHECK-LABEL: func.func @extsi_extsi(
// CHECK-NEXT: %0 = arith.extsi %arg0 : i8 to i64
// CHECK-NEXT: return %0 : i64
func.func @extsi_extsi(%x: i8) -> (i64) {
  %0 = arith.extsi %x : i8 to i16
  %1 = arith.extsi %0 : i16 to i64
  return %1 : i64
}

// CHECK-LABEL: func.func @extui_extui(
// CHECK-NEXT: %0 = arith.extui %arg0 : i8 to i64
// CHECK-NEXT: return %0 : i64
func.func @extui_extui(%x: i8) -> (i64) {
  %0 = arith.extui %x : i8 to i16
  %1 = arith.extui %0 : i16 to i64
  return %1 : i64
}

// CHECK-LABEL: func.func @trunc_ext(
// CHECK-NEXT: return %arg0 : i16
func.func @trunc_ext(%x: i16) -> (i16) {
  %0 = arith.extui %x : i16 to i32
  %1 = arith.trunci %0 : i32 to i16
  return %1 : i16
}

// CHECK-LABEL: func.func @trunc_ext_narrow(
// CHECK-NEXT: %0 = arith.trunci %arg0 : i16 to i8
// CHECK-NEXT: return %0 : i8
func.func @trunc_ext_narrow(%x: i16) -> (i8) {
  %0 = arith.extsi %x : i16 to i32
  %1 = arith.trunci %0 : i32 to i8
  return %1 : i8
}

// CHECK-LABEL: func.func @trunc_trunc(
// CHECK-NEXT: %0 = arith.trunci %arg0 : i64 to i8
// CHECK-NEXT: return %0 : i8
func.func @trunc_trunc(%x: i64) -> (i8) {
  %0 = arith.trunci %x : i64 to i32
  %1 = arith.trunci %0 : i32 to i8
  return %1 : i8
}

// CHECK-LABEL: func.func @truncf_extf(
// CHECK-NEXT: return %arg0 : f16
func.func @truncf_extf(%x: f16) -> (f16) {
  %0 = arith.extf %x : f16 to f32
  %1 = arith.truncf %0 : f32 to f16
  return %1 : f16
}

// CHECK-LABEL: func.func @index_cast_chain(
// CHECK-NEXT: return %arg0 : i32
func.func @index_cast_chain(%x: i32) -> (i32) {
  %0 = arith.index_cast %x : i32 to index
  %1 = arith.index_cast %0 : index to i32
  return %1 : i32
}

// CHECK-LABEL: func.func @extf_truncf_contract(
// CHECK-NEXT: return %arg0 : f64
func.func @extf_truncf_contract(%x: f64) -> (f64) {
  %0 = arith.truncf %x fastmath<contract> : f64 to f32
  %1 = arith.extf %0 fastmath<contract> : f32 to f64
  return %1 : f64
}

// CHECK-LABEL: func.func @cast_extsi_0(
// CHECK-NEXT: %c-3_i32 = arith.constant -3 : i32
// CHECK-NEXT: return %c-3_i32 : i32
func.func @cast_extsi_0() -> (i32) {
  %a = arith.constant -3 : i8
  %0 = arith.extsi %a : i8 to i32
  return %0 : i32
}

// CHECK-LABEL: func.func @cast_extui_1(
// CHECK-NEXT: %c253_i32 = arith.constant 253 : i32
// CHECK-NEXT: return %c253_i32 : i32
func.func @cast_extui_1() -> (i32) {
  %a = arith.constant -3 : i8
  %0 = arith.extui %a : i8 to i32
  return %0 : i32
}

// CHECK-LABEL: func.func @cast_trunci_2(
// CHECK-NEXT: %c44_i8 = arith.constant 44 : i8
// CHECK-NEXT: return %c44_i8 : i8
func.func @cast_trunci_2() -> (i8) {
  %a = arith.constant 300 : i32
  %0 = arith.trunci %a : i32 to i8
  return %0 : i8
}

// CHECK-LABEL: func.func @cast_index_cast_3(
// CHECK-NEXT: %c-3 = arith.constant -3 : index
// CHECK-NEXT: return %c-3 : index
func.func @cast_index_cast_3() -> (index) {
  %a = arith.constant -3 : i8
  %0 = arith.index_cast %a : i8 to index
  return %0 : index
}

// CHECK-LABEL: func.func @cast_index_castui_4(
// CHECK-NEXT: %c253 = arith.constant 253 : index
// CHECK-NEXT: return %c253 : index
func.func @cast_index_castui_4() -> (index) {
  %a = arith.constant -3 : i8
  %0 = arith.index_castui %a : i8 to index
  return %0 : index
}

// CHECK-LABEL: func.func @cast_index_cast_5(
// CHECK-NEXT: %c-1_i16 = arith.constant -1 : i16
// CHECK-NEXT: return %c-1_i16 : i16
func.func @cast_index_cast_5() -> (i16) {
  %a = arith.constant -1 : index
  %0 = arith.index_cast %a : index to i16
  return %0 : i16
}

// CHECK-LABEL: func.func @cast_bitcast_6(
// CHECK-NEXT: %c1075838976_i32 = arith.constant 1075838976 : i32
// CHECK-NEXT: return %c1075838976_i32 : i32
func.func @cast_bitcast_6() -> (i32) {
  %a = arith.constant 2.5 : f32
  %0 = arith.bitcast %a : f32 to i32
  return %0 : i32
}

// CHECK-LABEL: func.func @cast_bitcast_7(
// CHECK-NEXT: %cst = arith.constant 0xFFFF : f16
// CHECK-NEXT: return %cst : f16
func.func @cast_bitcast_7() -> (f16) {
  %a = arith.constant -1 : i16
  %0 = arith.bitcast %a : i16 to f16
  return %0 : f16
}

// CHECK-LABEL: func.func @cast_fptosi_8(
// CHECK-NEXT: %c-7_i32 = arith.constant -7 : i32
// CHECK-NEXT: return %c-7_i32 : i32
func.func @cast_fptosi_8() -> (i32) {
  %a = arith.constant -7.9 : f32
  %0 = arith.fptosi %a : f32 to i32
  return %0 : i32
}

// CHECK-LABEL: func.func @cast_fptoui_9(
// CHECK-NEXT: %c7_i8 = arith.constant 7 : i8
// CHECK-NEXT: return %c7_i8 : i8
func.func @cast_fptoui_9() -> (i8) {
  %a = arith.constant 7.9 : f32
  %0 = arith.fptoui %a : f32 to i8
  return %0 : i8
}

// CHECK-LABEL: func.func @cast_fptoui_10(
// CHECK-NEXT: %cst = arith.constant -7.900000e+00 : f32
// CHECK-NEXT: %0 = arith.fptoui %cst : f32 to i8
// CHECK-NEXT: return %0 : i8
func.func @cast_fptoui_10() -> (i8) {
  %a = arith.constant -7.9 : f32
  %0 = arith.fptoui %a : f32 to i8
  return %0 : i8
}

// CHECK-LABEL: func.func @cast_fptosi_11(
// CHECK-NEXT: %cst = arith.constant 1.000000e+20 : f32
// CHECK-NEXT: %0 = arith.fptosi %cst : f32 to i64
// CHECK-NEXT: return %0 : i64
func.func @cast_fptosi_11() -> (i64) {
  %a = arith.constant 1.0e20 : f32
  %0 = arith.fptosi %a : f32 to i64
  return %0 : i64
}

// CHECK-LABEL: func.func @cast_sitofp_12(
// CHECK-NEXT: %cst = arith.constant -5.000000e+00 : f32
// CHECK-NEXT: return %cst : f32
func.func @cast_sitofp_12() -> (f32) {
  %a = arith.constant -5 : i32
  %0 = arith.sitofp %a : i32 to f32
  return %0 : f32
}

// CHECK-LABEL: func.func @cast_uitofp_13(
// CHECK-NEXT: %cst = arith.constant 1.84467441E+19 : f32
// CHECK-NEXT: return %cst : f32
func.func @cast_uitofp_13() -> (f32) {
  %a = arith.constant -1 : i64
  %0 = arith.uitofp %a : i64 to f32
  return %0 : f32
}

// CHECK-LABEL: func.func @cast_sitofp_14(
// CHECK-NEXT: %cst = arith.constant 0x4B800000 : f32
// CHECK-NEXT: return %cst : f32
func.func @cast_sitofp_14() -> (f32) {
  %a = arith.constant 16777217 : i32
  %0 = arith.sitofp %a : i32 to f32
  return %0 : f32
}

// CHECK-LABEL: func.func @cast_extf_15(
// CHECK-NEXT: %cst = arith.constant 1.500000e+00 : f64
// CHECK-NEXT: return %cst : f64
func.func @cast_extf_15() -> (f64) {
  %a = arith.constant 1.5 : f32
  %0 = arith.extf %a : f32 to f64
  return %0 : f64
}

// CHECK-LABEL: func.func @cast_truncf_16(
// CHECK-NEXT: %cst = arith.constant 1.500000e+00 : f16
// CHECK-NEXT: return %cst : f16
func.func @cast_truncf_16() -> (f16) {
  %a = arith.constant 1.5 : f64
  %0 = arith.truncf %a : f64 to f16
  return %0 : f16
}

// CHECK-LABEL: func.func @cast_truncf_17(
// CHECK-NEXT: %cst = arith.constant 1.000000e-01 : f64
// CHECK-NEXT: %0 = arith.truncf %cst : f64 to f32
// CHECK-NEXT: return %0 : f32
func.func @cast_truncf_17() -> (f32) {
  %a = arith.constant 0.1 : f64
  %0 = arith.truncf %a : f64 to f32
  return %0 : f32
}

// CHECK-LABEL: func.func @cast_extf_18(
// CHECK-NEXT: %cst = arith.constant 0x7FF8000000000000 : f64
// CHECK-NEXT: return %cst : f64
func.func @cast_extf_18() -> (f64) {
  %a = arith.constant 0x7FC00000 : f32
  %0 = arith.extf %a : f32 to f64
  return %0 : f64
}

// CHECK-LABEL: func.func @cmpi_0(
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: return %true : i1
func.func @cmpi_0() -> (i1) {
  %a = arith.constant -5 : i32
  %b = arith.constant 5 : i32
  %0 = arith.cmpi slt, %a, %b : i32
  return %0 : i1
}

// CHECK-LABEL: func.func @cmpi_1(
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: return %false : i1
func.func @cmpi_1() -> (i1) {
  %a = arith.constant -5 : i32
  %b = arith.constant 5 : i32
  %0 = arith.cmpi ult, %a, %b : i32
  return %0 : i1
}

// CHECK-LABEL: func.func @cmpi_2(
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: return %true : i1
func.func @cmpi_2() -> (i1) {
  %a = arith.constant 3 : i32
  %b = arith.constant 3 : i32
  %0 = arith.cmpi sge, %a, %b : i32
  return %0 : i1
}

// CHECK-LABEL: func.func @cmpi_3(
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: return %true : i1
func.func @cmpi_3() -> (i1) {
  %a = arith.constant 1 : i32
  %b = arith.constant 2 : i32
  %0 = arith.cmpi ne, %a, %b : i32
  return %0 : i1
}

// CHECK-LABEL: func.func @cmpi_4(
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: return %true : i1
func.func @cmpi_4() -> (i1) {
  %a = arith.constant -1 : i32
  %b = arith.constant 0 : i32
  %0 = arith.cmpi ugt, %a, %b : i32
  return %0 : i1
}

// CHECK-LABEL: func.func @cmpi_same(
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: return %true : i1
func.func @cmpi_same(%x: i32) -> (i1) {
  %0 = arith.cmpi ule, %x, %x : i32
  return %0 : i1
}

// CHECK-LABEL: func.func @cmpi_swap(
// CHECK-NEXT: %c5_i32 = arith.constant 5 : i32
// CHECK-NEXT: %0 = arith.cmpi sgt, %arg0, %c5_i32 : i32
// CHECK-NEXT: return %0 : i1
func.func @cmpi_swap(%x: i32) -> (i1) {
  %c = arith.constant 5 : i32
  %0 = arith.cmpi slt, %c, %x : i32
  return %0 : i1
}

// CHECK-LABEL: func.func @cmpi_i1_ne(
// CHECK-NEXT: return %arg0 : i1
func.func @cmpi_i1_ne(%x: i1) -> (i1) {
  %c = arith.constant false
  %0 = arith.cmpi ne, %x, %c : i1
  return %0 : i1
}

// CHECK-LABEL: func.func @cmpi_ext_ne(
// CHECK-NEXT: return %arg0 : i1
func.func @cmpi_ext_ne(%x: i1) -> (i1) {
  %e = arith.extsi %x : i1 to i32
  %c = arith.constant 0 : i32
  %0 = arith.cmpi ne, %e, %c : i32
  return %0 : i1
}

// CHECK-LABEL: func.func @cmpi_vec(
// CHECK-NEXT: %cst = arith.constant dense<[true, true, false]> : vector<3xi1>
// CHECK-NEXT: return %cst : vector<3xi1>
func.func @cmpi_vec() -> (vector<3xi1>) {
  %a = arith.constant dense<[1, 5, 9]> : vector<3xi32>
  %b = arith.constant dense<5> : vector<3xi32>
  %0 = arith.cmpi sle, %a, %b : vector<3xi32>
  return %0 : vector<3xi1>
}

// CHECK-LABEL: func.func @cmpf_0(
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: return %true : i1
func.func @cmpf_0() -> (i1) {
  %a = arith.constant 1.0 : f32
  %b = arith.constant 2.0 : f32
  %0 = arith.cmpf olt, %a, %b : f32
  return %0 : i1
}

// CHECK-LABEL: func.func @cmpf_1(
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: return %true : i1
func.func @cmpf_1() -> (i1) {
  %a = arith.constant 0x7FC00000 : f32
  %b = arith.constant 1.0 : f32
  %0 = arith.cmpf une, %a, %b : f32
  return %0 : i1
}

// CHECK-LABEL: func.func @cmpf_2(
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: return %false : i1
func.func @cmpf_2() -> (i1) {
  %a = arith.constant 0x7FC00000 : f32
  %b = arith.constant 1.0 : f32
  %0 = arith.cmpf ord, %a, %b : f32
  return %0 : i1
}

// CHECK-LABEL: func.func @cmpf_3(
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: return %true : i1
func.func @cmpf_3() -> (i1) {
  %a = arith.constant -0.0 : f32
  %b = arith.constant 0.0 : f32
  %0 = arith.cmpf oeq, %a, %b : f32
  return %0 : i1
}

// CHECK-LABEL: func.func @cmpf_4(
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: return %true : i1
func.func @cmpf_4() -> (i1) {
  %a = arith.constant 1.0 : f32
  %b = arith.constant 0x7FC00000 : f32
  %0 = arith.cmpf ugt, %a, %b : f32
  return %0 : i1
}

// CHECK-LABEL: func.func @select_true(
// CHECK-NEXT: return %arg0 : i32
func.func @select_true(%x: i32, %y: i32) -> (i32) {
  %c = arith.constant true
  %0 = arith.select %c, %x, %y : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @select_false(
// CHECK-NEXT: return %arg1 : i32
func.func @select_false(%x: i32, %y: i32) -> (i32) {
  %c = arith.constant false
  %0 = arith.select %c, %x, %y : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @select_same(
// CHECK-NEXT: return %arg1 : i32
func.func @select_same(%c: i1, %x: i32) -> (i32) {
  %0 = arith.select %c, %x, %x : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @select_bool(
// CHECK-NEXT: return %arg0 : i1
func.func @select_bool(%c: i1) -> (i1) {
  %t = arith.constant true
  %f = arith.constant false
  %0 = arith.select %c, %t, %f : i1
  return %0 : i1
}

// CHECK-LABEL: func.func @select_cmp_ne(
// CHECK-NEXT: return %arg0 : i32
func.func @select_cmp_ne(%x: i32, %y: i32) -> (i32) {
  %c = arith.cmpi ne, %x, %y : i32
  %0 = arith.select %c, %x, %y : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @select_vec(
// CHECK-NEXT: %cst = arith.constant dense<[1, 7, 3]> : vector<3xi32>
// CHECK-NEXT: return %cst : vector<3xi32>
func.func @select_vec() -> (vector<3xi32>) {
  %c = arith.constant dense<[true, false, true]> : vector<3xi1>
  %a = arith.constant dense<[1, 2, 3]> : vector<3xi32>
  %b = arith.constant dense<7> : vector<3xi32>
  %0 = arith.select %c, %a, %b : vector<3xi1>, vector<3xi32>
  return %0 : vector<3xi32>
}

// CHECK-LABEL: func.func @vec_addi(
// CHECK-NEXT: %cst = arith.constant dense<[6, 7, 8, 9]> : vector<4xi32>
// CHECK-NEXT: return %cst : vector<4xi32>
func.func @vec_addi() -> (vector<4xi32>) {
  %a = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
  %b = arith.constant dense<5> : vector<4xi32>
  %0 = arith.addi %a, %b : vector<4xi32>
  return %0 : vector<4xi32>
}

// CHECK-LABEL: func.func @vec_mulf(
// CHECK-NEXT: %cst = arith.constant dense<[2.250000e+00, 4.000000e+00]> : tensor<2xf32>
// CHECK-NEXT: return %cst : tensor<2xf32>
func.func @vec_mulf() -> (tensor<2xf32>) {
  %a = arith.constant dense<[1.5, 2.0]> : tensor<2xf32>
  %0 = arith.mulf %a, %a : tensor<2xf32>
  return %0 : tensor<2xf32>
}

// CHECK-LABEL: func.func @vec_ident(
// CHECK-NEXT: return %arg0 : vector<4xi32>
func.func @vec_ident(%x: vector<4xi32>) -> (vector<4xi32>) {
  %z = arith.constant dense<0> : vector<4xi32>
  %0 = arith.addi %x, %z : vector<4xi32>
  return %0 : vector<4xi32>
}

// CHECK-LABEL: func.func @negf(
// CHECK-NEXT: %cst = arith.constant -2.000000e+00 : f32
// CHECK-NEXT: return %cst : f32
func.func @negf() -> (f32) {
  %a = arith.constant 2.0 : f32
  %0 = arith.negf %a : f32
  return %0 : f32
}

// CHECK-LABEL: func.func @addui_extended(
// CHECK-NEXT: %c1_i8 = arith.constant 1 : i8
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: return %c1_i8, %true : i8, i1
func.func @addui_extended() -> (i8, i1) {
  %a = arith.constant -1 : i8
  %b = arith.constant 2 : i8
  %0, %1 = arith.addui_extended %a, %b : i8, i1
  return %0, %1 : i8, i1
}

// CHECK-LABEL: func.func @mulsi_extended(
// CHECK-NEXT: %c-44_i8 = arith.constant -44 : i8
// CHECK-NEXT: %c-2_i8 = arith.constant -2 : i8
// CHECK-NEXT: return %c-44_i8, %c-2_i8 : i8, i8
func.func @mulsi_extended() -> (i8, i8) {
  %a = arith.constant -100 : i8
  %b = arith.constant 3 : i8
  %0, %1 = arith.mulsi_extended %a, %b : i8
  return %0, %1 : i8, i8
}

// CHECK-LABEL: func.func @mului_extended(
// CHECK-NEXT: %c-44_i8 = arith.constant -44 : i8
// CHECK-NEXT: %c1_i8 = arith.constant 1 : i8
// CHECK-NEXT: return %c-44_i8, %c1_i8 : i8, i8
func.func @mului_extended() -> (i8, i8) {
  %a = arith.constant -100 : i8
  %b = arith.constant 3 : i8
  %0, %1 = arith.mului_extended %a, %b : i8
  return %0, %1 : i8, i8
}

// CHECK-LABEL: func.func @mului_extended_one(
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: return %arg0, %c0_i32 : i32, i32
func.func @mului_extended_one(%x: i32) -> (i32, i32) {
  %b = arith.constant 1 : i32
  %0, %1 = arith.mului_extended %x, %b : i32
  return %0, %1 : i32, i32
}
