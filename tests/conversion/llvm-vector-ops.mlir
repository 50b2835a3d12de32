// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: llvm.func @vector_ops
// CHECK: llvm.insertelement %arg0, %arg1[%arg2 : i32] : vector<4xf32>
// CHECK: llvm.shufflevector %{{.*}}, %arg1 [0, 0, 1] : vector<4xf32>
// CHECK: llvm.extractelement %{{.*}}[%arg2 : i32] : vector<3xf32>
// CHECK: "llvm.intr.vector.reduce.fadd"(%arg0, %arg1) <{fastmathFlags = #llvm.fastmath<none>}> : (f32, vector<4xf32>) -> f32
// CHECK: "llvm.intr.vector.reduce.fmul"(%arg0, %arg1) <{fastmathFlags = #llvm.fastmath<reassoc>}> : (f32, vector<4xf32>) -> f32
// CHECK: "llvm.intr.vector.reduce.smax"(%arg3) : (vector<2xi8>) -> i8
// CHECK: "llvm.intr.vector.reduce.umin"(%arg3) : (vector<2xi8>) -> i8
// CHECK: "llvm.intr.vector.reduce.xor"(%arg3) : (vector<2xi8>) -> i8
// CHECK: llvm.intr.vector.reduce.fmax(%arg1) : (vector<4xf32>) -> f32
// CHECK: llvm.intr.vector.reduce.fminimum(%arg1) {fastmathFlags = #llvm.fastmath<fast>} : (vector<4xf32>) -> f32
// CHECK: llvm.intr.fmuladd(%arg1, %arg1, %arg1) : (vector<4xf32>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
// GENERIC: "llvm.insertelement"(%arg1, %arg0, %arg2) : (vector<4xf32>, f32, i32) -> vector<4xf32>
// GENERIC: "llvm.shufflevector"(%{{.*}}, %arg1) <{mask = array<i32: 0, 0, 1>}> : (vector<4xf32>, vector<4xf32>) -> vector<3xf32>
// GENERIC: "llvm.extractelement"(%{{.*}}, %arg2) : (vector<3xf32>, i32) -> f32
llvm.func @vector_ops(%a: f32, %v: vector<4xf32>, %i: i32, %e: vector<2xi8>) -> f32 {
  %0 = llvm.insertelement %a, %v[%i : i32] : vector<4xf32>
  %1 = llvm.shufflevector %0, %v [0, 0, 1] : vector<4xf32>
  %2 = llvm.extractelement %1[%i : i32] : vector<3xf32>
  %3 = "llvm.intr.vector.reduce.fadd"(%a, %v) <{fastmathFlags = #llvm.fastmath<none>}> : (f32, vector<4xf32>) -> f32
  %4 = "llvm.intr.vector.reduce.fmul"(%a, %v) <{fastmathFlags = #llvm.fastmath<reassoc>}> : (f32, vector<4xf32>) -> f32
  %5 = "llvm.intr.vector.reduce.smax"(%e) : (vector<2xi8>) -> i8
  %6 = "llvm.intr.vector.reduce.umin"(%e) : (vector<2xi8>) -> i8
  %7 = "llvm.intr.vector.reduce.xor"(%e) : (vector<2xi8>) -> i8
  %8 = llvm.intr.vector.reduce.fmax(%v) : (vector<4xf32>) -> f32
  %9 = llvm.intr.vector.reduce.fminimum(%v) {fastmathFlags = #llvm.fastmath<fast>} : (vector<4xf32>) -> f32
  %10 = llvm.intr.fmuladd(%v, %v, %v) : (vector<4xf32>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
  llvm.return %2 : f32
}
