// RUN: strata-opt --canonicalize %s | FileCheck %s

// The arith canonicalization patterns of dialects/arith/canonicalize.rules.

// addi(addi(x, c0), c1) keeps the flags both additions carry.
// CHECK-LABEL: func.func @addi_addi(
// CHECK-NEXT: %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT: %0 = arith.addi %arg0, %c3_i32 overflow<nsw> : i32
// CHECK-NEXT: %1 = arith.addi %arg0, %c3_i32 : i32
// CHECK-NEXT: return %0, %1 : i32, i32
func.func @addi_addi(%x: i32) -> (i32, i32) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %0 = arith.addi %x, %c1 overflow<nsw> : i32
  %1 = arith.addi %0, %c2 overflow<nsw, nuw> : i32
  %2 = arith.addi %c2, %0 overflow<nuw> : i32
  return %1, %2 : i32, i32
}

// addi of subi with constants on either side.
// CHECK-LABEL: func.func @addi_subi(
// CHECK-NEXT: %c12_i64 = arith.constant 12 : i64
// CHECK-NEXT: %c2_i64 = arith.constant 2 : i64
// CHECK-NEXT: %0 = arith.addi %arg0, %c2_i64 : i64
// CHECK-NEXT: %1 = arith.subi %c12_i64, %arg0 : i64
// CHECK-NEXT: return %0, %1 : i64, i64
func.func @addi_subi(%x: i64) -> (i64, i64) {
  %c5 = arith.constant 5 : i64
  %c7 = arith.constant 7 : i64
  %0 = arith.subi %x, %c5 : i64
  %1 = arith.addi %0, %c7 : i64
  %2 = arith.subi %c5, %x : i64
  %3 = arith.addi %2, %c7 : i64
  return %1, %3 : i64, i64
}

// Wrap-around at the type's width.
// CHECK-LABEL: func.func @addi_wrap(
// CHECK-NEXT: %c-56_i8 = arith.constant -56 : i8
// CHECK-NEXT: %0 = arith.addi %arg0, %c-56_i8 : i8
// CHECK-NEXT: return %0 : i8
func.func @addi_wrap(%x: i8) -> i8 {
  %c100 = arith.constant 100 : i8
  %0 = arith.addi %x, %c100 : i8
  %1 = arith.addi %0, %c100 : i8
  return %1 : i8
}

// addi with muli by -1 becomes subi, for scalars and splats.
// CHECK-LABEL: func.func @addi_mul_neg(
// CHECK-NEXT: %0 = arith.subi %arg0, %arg1 : i32
// CHECK-NEXT: %1 = arith.subi %arg1, %arg0 : i32
// CHECK-NEXT: %2 = arith.subi %arg2, %arg3 : vector<4xi32>
// CHECK-NEXT: return %0, %1, %2 : i32, i32, vector<4xi32>
func.func @addi_mul_neg(%x: i32, %y: i32, %v: vector<4xi32>, %w: vector<4xi32>) -> (i32, i32, vector<4xi32>) {
  %m = arith.constant -1 : i32
  %0 = arith.muli %y, %m : i32
  %1 = arith.addi %x, %0 : i32
  %2 = arith.muli %x, %m : i32
  %3 = arith.addi %2, %y : i32
  %vm = arith.constant dense<-1> : vector<4xi32>
  %4 = arith.muli %w, %vm : vector<4xi32>
  %5 = arith.addi %v, %4 : vector<4xi32>
  return %1, %3, %5 : i32, i32, vector<4xi32>
}

// muli chains with constants.
// CHECK-LABEL: func.func @muli_muli(
// CHECK-NEXT: %c15_i32 = arith.constant 15 : i32
// CHECK-NEXT: %0 = arith.muli %arg0, %c15_i32 overflow<nsw> : i32
// CHECK-NEXT: return %0 : i32
func.func @muli_muli(%x: i32) -> i32 {
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %0 = arith.muli %x, %c3 overflow<nsw> : i32
  %1 = arith.muli %0, %c5 overflow<nsw> : i32
  return %1 : i32
}

// subi chains with constants.
// CHECK-LABEL: func.func @subi_chains(
// CHECK-NEXT: %c13 = arith.constant 13 : index
// CHECK-NEXT: %c7 = arith.constant 7 : index
// CHECK-NEXT: %c-7 = arith.constant -7 : index
// CHECK-NEXT: %0 = arith.addi %arg0, %c-7 : index
// CHECK-NEXT: %1 = arith.subi %c7, %arg0 : index
// CHECK-NEXT: %2 = arith.subi %arg0, %c13 : index
// CHECK-NEXT: %3 = arith.subi %c13, %arg0 : index
// CHECK-NEXT: %4 = arith.subi %c-7, %arg0 : index
// CHECK-NEXT: %5 = arith.addi %arg0, %c7 : index
// CHECK-NEXT: return %0, %1, %2, %3, %4, %5 : index, index, index, index, index, index
func.func @subi_chains(%x: index) -> (index, index, index, index, index, index) {
  %c3 = arith.constant 3 : index
  %c10 = arith.constant 10 : index
  %a = arith.addi %x, %c3 : index
  %0 = arith.subi %a, %c10 : index
  %1 = arith.subi %c10, %a : index
  %s = arith.subi %x, %c3 : index
  %2 = arith.subi %s, %c10 : index
  %3 = arith.subi %c10, %s : index
  %t = arith.subi %c3, %x : index
  %4 = arith.subi %t, %c10 : index
  %5 = arith.subi %c10, %t : index
  return %0, %1, %2, %3, %4, %5 : index, index, index, index, index, index
}

// subi(subi(a, b), a) -> subi(0, b), also on vectors.
// CHECK-LABEL: func.func @subi_subi_lhs(
// CHECK-NEXT: %cst = arith.constant dense<0> : vector<2xi16>
// CHECK-NEXT: %c0_i16 = arith.constant 0 : i16
// CHECK-NEXT: %0 = arith.subi %c0_i16, %arg1 overflow<nsw> : i16
// CHECK-NEXT: %1 = arith.subi %cst, %arg3 : vector<2xi16>
// CHECK-NEXT: return %0, %1 : i16, vector<2xi16>
func.func @subi_subi_lhs(%a: i16, %b: i16, %v: vector<2xi16>, %w: vector<2xi16>) -> (i16, vector<2xi16>) {
  %0 = arith.subi %a, %b overflow<nsw> : i16
  %1 = arith.subi %0, %a overflow<nsw> : i16
  %2 = arith.subi %v, %w : vector<2xi16>
  %3 = arith.subi %2, %v : vector<2xi16>
  return %1, %3 : i16, vector<2xi16>
}

// not(cmpi) inverts the predicate.
// CHECK-LABEL: func.func @xori_cmpi(
// CHECK-NEXT: %0 = arith.cmpi ne, %arg0, %arg1 : i32
// CHECK-NEXT: %1 = arith.cmpi sge, %arg0, %arg1 : i32
// CHECK-NEXT: %2 = arith.cmpi ugt, %arg0, %arg1 : i32
// CHECK-NEXT: %3 = arith.cmpi ule, %arg0, %arg1 : i32
// CHECK-NEXT: %4 = arith.cmpi slt, %arg0, %arg1 : i32
// CHECK-NEXT: return %0, %1, %2, %3, %4 : i1, i1, i1, i1, i1
func.func @xori_cmpi(%a: i32, %b: i32) -> (i1, i1, i1, i1, i1) {
  %true = arith.constant true
  %0 = arith.cmpi eq, %a, %b : i32
  %1 = arith.xori %0, %true : i1
  %2 = arith.cmpi slt, %a, %b : i32
  %3 = arith.xori %2, %true : i1
  %4 = arith.cmpi ule, %a, %b : i32
  %5 = arith.xori %true, %4 : i1
  %6 = arith.cmpi ugt, %a, %b : i32
  %7 = arith.xori %6, %true : i1
  %8 = arith.cmpi sge, %a, %b : i32
  %9 = arith.xori %8, %true : i1
  return %1, %3, %5, %7, %9 : i1, i1, i1, i1, i1
}

// Bitwise operations of two like extensions become one extension.
// CHECK-LABEL: func.func @bitwise_ext(
// CHECK-NEXT: %0 = arith.extui %arg0 : i8 to i32
// CHECK-NEXT: %1 = arith.extui %arg2 : i16 to i32
// CHECK-NEXT: %2 = arith.xori %arg0, %arg1 : i8
// CHECK-NEXT: %3 = arith.extui %2 : i8 to i32
// CHECK-NEXT: %4 = arith.xori %arg0, %arg1 : i8
// CHECK-NEXT: %5 = arith.extsi %4 : i8 to i32
// CHECK-NEXT: %6 = arith.andi %arg0, %arg1 : i8
// CHECK-NEXT: %7 = arith.extui %6 : i8 to i32
// CHECK-NEXT: %8 = arith.andi %arg0, %arg1 : i8
// CHECK-NEXT: %9 = arith.extsi %8 : i8 to i32
// CHECK-NEXT: %10 = arith.ori %arg0, %arg1 : i8
// CHECK-NEXT: %11 = arith.extui %10 : i8 to i32
// CHECK-NEXT: %12 = arith.ori %arg0, %arg1 : i8
// CHECK-NEXT: %13 = arith.extsi %12 : i8 to i32
// CHECK-NEXT: %14 = arith.ori %0, %1 : i32
// CHECK-NEXT: return %3, %5, %7, %9, %11, %13, %14 : i32, i32, i32, i32, i32, i32, i32
func.func @bitwise_ext(%a: i8, %b: i8, %c: i16) -> (i32, i32, i32, i32, i32, i32, i32) {
  %ua = arith.extui %a : i8 to i32
  %ub = arith.extui %b : i8 to i32
  %sa = arith.extsi %a : i8 to i32
  %sb = arith.extsi %b : i8 to i32
  %uc = arith.extui %c : i16 to i32
  %0 = arith.xori %ua, %ub : i32
  %1 = arith.xori %sa, %sb : i32
  %2 = arith.andi %ua, %ub : i32
  %3 = arith.andi %sa, %sb : i32
  %4 = arith.ori %ua, %ub : i32
  %5 = arith.ori %sa, %sb : i32
  %6 = arith.ori %ua, %uc : i32
  return %0, %1, %2, %3, %4, %5, %6 : i32, i32, i32, i32, i32, i32, i32
}

// cmpi eq/ne of two like extensions compares the narrow values.
// CHECK-LABEL: func.func @cmpi_ext(
// CHECK-NEXT: %0 = arith.extsi %arg0 : i8 to i64
// CHECK-NEXT: %1 = arith.extsi %arg1 : i8 to i64
// CHECK-NEXT: %2 = arith.cmpi eq, %arg0, %arg1 : i8
// CHECK-NEXT: %3 = arith.cmpi ne, %arg0, %arg1 : i8
// CHECK-NEXT: %4 = arith.cmpi slt, %0, %1 : i64
// CHECK-NEXT: return %2, %3, %4 : i1, i1, i1
func.func @cmpi_ext(%a: i8, %b: i8) -> (i1, i1, i1) {
  %sa = arith.extsi %a : i8 to i64
  %sb = arith.extsi %b : i8 to i64
  %ua = arith.extui %a : i8 to i64
  %ub = arith.extui %b : i8 to i64
  %0 = arith.cmpi eq, %sa, %sb : i64
  %1 = arith.cmpi ne, %ua, %ub : i64
  %2 = arith.cmpi slt, %sa, %sb : i64
  return %0, %1, %2 : i1, i1, i1
}

// select simplifications.
// CHECK-LABEL: func.func @selects(
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %0 = arith.select %arg0, %arg3, %arg2 : i32
// CHECK-NEXT: %1 = arith.select %arg1, %arg2, %arg4 : i32
// CHECK-NEXT: %2 = arith.select %arg1, %arg2, %arg4 : i32
// CHECK-NEXT: %3 = arith.xori %arg0, %true : i1
// CHECK-NEXT: return %0, %1, %2, %3 : i32, i32, i32, i1
func.func @selects(%p: i1, %q: i1, %a: i32, %b: i32, %c: i32) -> (i32, i32, i32, i1) {
  %true = arith.constant true
  %false = arith.constant false
  %n = arith.xori %p, %true : i1
  %0 = arith.select %n, %a, %b : i32
  %s = arith.select %q, %a, %b : i32
  %1 = arith.select %q, %s, %c : i32
  %t = arith.select %q, %b, %c : i32
  %2 = arith.select %q, %a, %t : i32
  %3 = arith.select %p, %false, %true : i1
  return %0, %1, %2, %3 : i32, i32, i32, i1
}

// Cast chains.
// CHECK-LABEL: func.func @casts(
// CHECK-NEXT: %0 = arith.index_cast %arg1 : i16 to index
// CHECK-NEXT: %1 = arith.index_castui %arg1 : i16 to index
// CHECK-NEXT: %2 = arith.extui %arg1 : i16 to i64
// CHECK-NEXT: %3 = arith.index_cast %arg2 : index to i64
// CHECK-NEXT: %4 = arith.bitcast %arg3 : f16 to i16
// CHECK-NEXT: %5 = arith.bitcast %arg3 : f16 to bf16
// CHECK-NEXT: return %arg0, %0, %1, %2, %3, %4, %5 : i32, index, index, i64, i64, i16, bf16
func.func @casts(%x: i32, %y: i16, %i: index, %h: f16) -> (i32, index, index, i64, i64, i16, bf16) {
  %0 = arith.index_cast %x : i32 to index
  %1 = arith.index_cast %0 : index to i32
  %2 = arith.extsi %y : i16 to i32
  %3 = arith.index_cast %2 : i32 to index
  %4 = arith.extui %y : i16 to i32
  %5 = arith.index_castui %4 : i32 to index
  %6 = arith.index_castui %i : index to i64
  %7 = arith.index_castui %6 : i64 to index
  %8 = arith.extui %y : i16 to i32
  %9 = arith.extsi %8 : i32 to i64
  %10 = arith.index_cast %i : index to i64
  %11 = arith.bitcast %h : f16 to i16
  %12 = arith.bitcast %11 : i16 to bf16
  return %1, %3, %5, %9, %10, %11, %12 : i32, index, index, i64, i64, i16, bf16
}

// trunci of an extension that only drops the extension bits.
// CHECK-LABEL: func.func @trunc_ext(
// CHECK-NEXT: %0 = arith.extsi %arg0 : i8 to i16
// CHECK-NEXT: %1 = arith.extui %arg0 : i8 to i16
// CHECK-NEXT: return %0, %1 : i16, i16
func.func @trunc_ext(%x: i8) -> (i16, i16) {
  %0 = arith.extsi %x : i8 to i64
  %1 = arith.trunci %0 : i64 to i16
  %2 = arith.extui %x : i8 to i64
  %3 = arith.trunci %2 : i64 to i16
  return %1, %3 : i16, i16
}

// trunci(shrsi(x, c)) where the shift drops exactly the truncated bits.
// CHECK-LABEL: func.func @trunc_shr(
// CHECK-NEXT: %c16_i64 = arith.constant 16 : i64
// CHECK-NEXT: %c32_i64 = arith.constant 32 : i64
// CHECK-NEXT: %0 = arith.shrui %arg0, %c32_i64 : i64
// CHECK-NEXT: %1 = arith.trunci %0 : i64 to i32
// CHECK-NEXT: %2 = arith.shrsi %arg0, %c16_i64 : i64
// CHECK-NEXT: %3 = arith.trunci %2 : i64 to i32
// CHECK-NEXT: return %1, %3 : i32, i32
func.func @trunc_shr(%x: i64) -> (i32, i32) {
  %c32 = arith.constant 32 : i64
  %c16 = arith.constant 16 : i64
  %0 = arith.shrsi %x, %c32 : i64
  %1 = arith.trunci %0 : i64 to i32
  %2 = arith.shrsi %x, %c16 : i64
  %3 = arith.trunci %2 : i64 to i32
  return %1, %3 : i32, i32
}

// truncf of an integer conversion with the default rounding mode.
// CHECK-LABEL: func.func @truncf_itofp(
// CHECK-NEXT: %0 = arith.sitofp %arg0 : i32 to f32
// CHECK-NEXT: %1 = arith.uitofp %arg0 : i32 to f64
// CHECK-NEXT: %2 = arith.uitofp %arg0 : i32 to f32
// CHECK-NEXT: %3 = arith.truncf %1 to_nearest_even : f64 to f32
// CHECK-NEXT: return %0, %2, %3 : f32, f32, f32
func.func @truncf_itofp(%x: i32) -> (f32, f32, f32) {
  %0 = arith.sitofp %x : i32 to f64
  %1 = arith.truncf %0 : f64 to f32
  %2 = arith.uitofp %x : i32 to f64
  %3 = arith.truncf %2 : f64 to f32
  %4 = arith.truncf %2 to_nearest_even : f64 to f32
  return %1, %3, %4 : f32, f32, f32
}

// mulf and divf of two negations keep their own fastmath flags.
// CHECK-LABEL: func.func @neg_neg(
// CHECK-NEXT: %0 = arith.mulf %arg0, %arg1 fastmath<fast> : f32
// CHECK-NEXT: %1 = arith.divf %arg0, %arg1 : f32
// CHECK-NEXT: return %0, %1 : f32, f32
func.func @neg_neg(%a: f32, %b: f32) -> (f32, f32) {
  %na = arith.negf %a : f32
  %nb = arith.negf %b fastmath<nnan> : f32
  %0 = arith.mulf %na, %nb fastmath<fast> : f32
  %1 = arith.divf %na, %nb : f32
  return %0, %1 : f32, f32
}

// select of 1 and 0 on integers wider than i1 is an extension of the
// condition.
// CHECK-LABEL: func.func @select_ext(
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %0 = arith.extui %arg0 : i1 to i32
// CHECK-NEXT: %1 = arith.xori %arg0, %true : i1
// CHECK-NEXT: %2 = arith.extui %1 : i1 to i32
// CHECK-NEXT: %3 = arith.select %arg0, %arg1, %c0_i32 : i32
// CHECK-NEXT: return %0, %2, %3 : i32, i32, i32
func.func @select_ext(%p: i1, %a: i32) -> (i32, i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %0 = arith.select %p, %c1, %c0 : i32
  %1 = arith.select %p, %c0, %c1 : i32
  %2 = arith.select %p, %a, %c0 : i32
  return %0, %1, %2 : i32, i32, i32
}
