// RUN: strata-opt --convert-arith-to-llvm --convert-math-to-llvm %s | FileCheck %s
// RUN: strata-opt --convert-arith-to-llvm --convert-math-to-llvm --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// 0-D vectors convert to vectors of one element; arith and math on them
// become llvm operations on vector<1xT>. A 0-D constant keeps its
// attribute.

// CHECK: builtin.unrealized_conversion_cast %arg3 : vector<index> to vector<1xi64>
// CHECK: llvm.fadd %{{.*}}, %{{.*}} : vector<1xf32>
// CHECK: llvm.intr.sqrt(%{{.*}}) : (vector<1xf32>) -> vector<1xf32>
// CHECK: llvm.add %{{.*}}, %{{.*}} : vector<1xi32>
// CHECK: llvm.fcmp "olt" %{{.*}}, %{{.*}} : vector<1xf32>
// CHECK: llvm.mlir.constant(dense<1.000000e+00> : vector<f32>) : vector<1xf32>
// CHECK: llvm.trunc %{{.*}} : vector<1xi64> to vector<1xi32>
// CHECK: llvm.select %{{.*}}, %{{.*}}, %{{.*}} : vector<1xi1>, vector<1xf32>
// CHECK: "llvm.intr.ctlz"(%{{.*}}) <{is_zero_poison = false}> : (vector<1xi32>) -> vector<1xi32>
// CHECK: llvm.mlir.constant(dense<1.000000e+00> : vector<1xf32>) : vector<1xf32>
// CHECK: llvm.fdiv
// GENERIC: "llvm.fadd"
// GENERIC-SAME: (vector<1xf32>, vector<1xf32>) -> vector<1xf32>
func.func @f(%a: vector<f32>, %b: vector<f32>, %i: vector<i32>, %j: vector<index>) -> (vector<f32>, vector<i32>, vector<i1>, vector<f32>, vector<i32>, vector<f32>, vector<f32>, vector<f32>, vector<i32>, vector<f32>, vector<f32>) {
  %0 = arith.addf %a, %b : vector<f32>
  %1 = math.sqrt %0 : vector<f32>
  %2 = arith.addi %i, %i : vector<i32>
  %3 = arith.cmpf olt, %a, %b : vector<f32>
  %4 = arith.constant dense<1.0> : vector<f32>
  %5 = arith.index_cast %j : vector<index> to vector<i32>
  %6 = arith.sitofp %i : vector<i32> to vector<f32>
  %7 = arith.select %3, %a, %b : vector<i1>, vector<f32>
  %8 = math.exp2 %a : vector<f32>
  %9 = math.ctlz %i : vector<i32>
  %10 = math.rsqrt %a : vector<f32>
  %11 = math.expm1 %a : vector<f32>
  return %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11 : vector<f32>, vector<i32>, vector<i1>, vector<f32>, vector<i32>, vector<f32>, vector<f32>, vector<f32>, vector<i32>, vector<f32>, vector<f32>
}
