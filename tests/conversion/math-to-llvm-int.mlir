// RUN: strata-opt --convert-math-to-llvm %s | FileCheck %s

// CHECK-LABEL: func.func @bits
// CHECK: "llvm.intr.ctlz"(%arg0) <{is_zero_poison = false}> : (i32) -> i32
// CHECK: "llvm.intr.cttz"(%arg0) <{is_zero_poison = false}> : (i32) -> i32
// CHECK: "llvm.intr.abs"(%arg0) <{is_int_min_poison = false}> : (i32) -> i32
// CHECK: llvm.intr.ctpop(%arg0) : (i32) -> i32
// CHECK: "llvm.intr.ctlz"(%arg1) <{is_zero_poison = false}> : (vector<4xi64>) -> vector<4xi64>
// CHECK: "llvm.intr.abs"(%arg1) <{is_int_min_poison = false}> : (vector<4xi64>) -> vector<4xi64>
func.func @bits(%a: i32, %v: vector<4xi64>) -> (i32, i32, i32, i32, vector<4xi64>, vector<4xi64>) {
  %0 = math.ctlz %a : i32
  %1 = math.cttz %a : i32
  %2 = math.absi %a : i32
  %3 = math.ctpop %a : i32
  %4 = math.ctlz %v : vector<4xi64>
  %5 = math.absi %v : vector<4xi64>
  return %0, %1, %2, %3, %4, %5 : i32, i32, i32, i32, vector<4xi64>, vector<4xi64>
}

// CHECK-LABEL: func.func @classes
// CHECK: "llvm.intr.is.fpclass"(%arg0) <{bit = 3 : i32}> : (f32) -> i1
// CHECK: "llvm.intr.is.fpclass"(%arg1) <{bit = 504 : i32}> : (vector<2xf64>) -> vector<2xi1>
// CHECK: math.isinf
func.func @classes(%f: f32, %g: vector<2xf64>) -> (i1, vector<2xi1>, i1) {
  %0 = math.isnan %f : f32
  %1 = math.isfinite %g : vector<2xf64>
  %2 = math.isinf %f : f32
  return %0, %1, %2 : i1, vector<2xi1>, i1
}

// CHECK-LABEL: func.func @sincos
// CHECK: %[[S:.*]] = llvm.intr.sincos(%arg0) {fastmathFlags = #llvm.fastmath<afn>} : (f32) -> !llvm.struct<(f32, f32)>
// CHECK-NEXT: llvm.extractvalue %[[S]][0] : !llvm.struct<(f32, f32)>
// CHECK-NEXT: llvm.extractvalue %[[S]][1] : !llvm.struct<(f32, f32)>
// CHECK: llvm.intr.sincos(%arg1) : (vector<2xf64>) -> !llvm.struct<(vector<2xf64>, vector<2xf64>)>
func.func @sincos(%f: f32, %v: vector<2xf64>) -> (f32, f32, vector<2xf64>) {
  %a:2 = math.sincos %f fastmath<afn> : f32
  %b:2 = math.sincos %v : vector<2xf64>
  return %a#0, %a#1, %b#1 : f32, f32, vector<2xf64>
}
