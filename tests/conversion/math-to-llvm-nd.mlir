// RUN: strata-opt --convert-math-to-llvm %s | FileCheck %s
// RUN: strata-opt --convert-math-to-llvm --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// Math on n-D vectors: intrinsics and the rsqrt, expm1 and log1p
// expansions are unrolled over the outer dimensions.

// CHECK-LABEL: func.func @intrinsics_2d
// CHECK: %[[A:.*]] = builtin.unrealized_conversion_cast %arg0 : vector<2x3xf32> to !llvm.array<2 x vector<3xf32>>
// CHECK: %[[P:.*]] = llvm.mlir.poison : !llvm.array<2 x vector<3xf32>>
// CHECK: %[[A0:.*]] = llvm.extractvalue %[[A]][0] : !llvm.array<2 x vector<3xf32>>
// CHECK: %[[S0:.*]] = llvm.intr.sqrt(%[[A0]]) {fastmathFlags = #llvm.fastmath<fast>} : (vector<3xf32>) -> vector<3xf32>
// CHECK: %[[R0:.*]] = llvm.insertvalue %[[S0]], %[[P]][0] : !llvm.array<2 x vector<3xf32>>
// CHECK: %[[A1:.*]] = llvm.extractvalue %[[A]][1] : !llvm.array<2 x vector<3xf32>>
// CHECK: %[[S1:.*]] = llvm.intr.sqrt(%[[A1]]) {fastmathFlags = #llvm.fastmath<fast>} : (vector<3xf32>) -> vector<3xf32>
// CHECK: llvm.insertvalue %[[S1]], %[[R0]][1] : !llvm.array<2 x vector<3xf32>>
// CHECK-COUNT-2: llvm.intr.exp(%{{.*}}) : (vector<3xf32>) -> vector<3xf32>
// CHECK-COUNT-2: llvm.intr.sin(
// CHECK-COUNT-2: llvm.intr.tanh(
// CHECK-COUNT-2: llvm.intr.floor(
// CHECK-COUNT-2: llvm.intr.copysign(%{{.*}}, %{{.*}}) : (vector<3xf32>, vector<3xf32>) -> vector<3xf32>
// CHECK-COUNT-2: llvm.intr.pow(
// CHECK-COUNT-2: llvm.intr.atan2(
// CHECK: llvm.intr.fma(%{{.*}}, %{{.*}}, %{{.*}}) : (vector<3xf32>, vector<3xf32>, vector<3xf32>) -> vector<3xf32>
// CHECK: llvm.intr.fma(%{{.*}}, %{{.*}}, %{{.*}}) : (vector<3xf32>, vector<3xf32>, vector<3xf32>) -> vector<3xf32>
// GENERIC-LABEL: sym_name = "intrinsics_2d"
// GENERIC: "llvm.intr.sqrt"(%{{.*}}) <{fastmathFlags = #llvm.fastmath<fast>}> : (vector<3xf32>) -> vector<3xf32>
func.func @intrinsics_2d(%a: vector<2x3xf32>, %b: vector<2x3xf32>) -> vector<2x3xf32> {
  %0 = math.sqrt %a fastmath<fast> : vector<2x3xf32>
  %1 = math.exp %0 : vector<2x3xf32>
  %2 = math.sin %1 : vector<2x3xf32>
  %3 = math.tanh %2 : vector<2x3xf32>
  %4 = math.floor %3 : vector<2x3xf32>
  %5 = math.copysign %4, %b : vector<2x3xf32>
  %6 = math.powf %5, %b : vector<2x3xf32>
  %7 = math.atan2 %6, %b : vector<2x3xf32>
  %8 = math.fma %7, %b, %a : vector<2x3xf32>
  return %8 : vector<2x3xf32>
}

// Each row of an expansion has its own 1-D constant.
// CHECK-LABEL: func.func @expansions_3d
// CHECK: llvm.mlir.poison : !llvm.array<2 x array<2 x vector<3xf32>>>
// CHECK: llvm.extractvalue %{{.*}}[0, 0] : !llvm.array<2 x array<2 x vector<3xf32>>>
// CHECK: %[[ONE:.*]] = llvm.mlir.constant(dense<1.000000e+00> : vector<3xf32>) : vector<3xf32>
// CHECK: %[[SQ:.*]] = llvm.intr.sqrt(%{{.*}}) {fastmathFlags = #llvm.fastmath<afn>} : (vector<3xf32>) -> vector<3xf32>
// CHECK: llvm.fdiv %[[ONE]], %[[SQ]] {fastmathFlags = #llvm.fastmath<afn>} : vector<3xf32>
// CHECK: llvm.insertvalue %{{.*}}, %{{.*}}[0, 0]
// CHECK: llvm.insertvalue %{{.*}}, %{{.*}}[0, 1]
// CHECK: llvm.insertvalue %{{.*}}, %{{.*}}[1, 0]
// CHECK: llvm.insertvalue %{{.*}}, %{{.*}}[1, 1]
// CHECK: %[[ONE2:.*]] = llvm.mlir.constant(dense<1.000000e+00> : vector<3xf32>) : vector<3xf32>
// CHECK: %[[E:.*]] = llvm.intr.exp(%{{.*}}) : (vector<3xf32>) -> vector<3xf32>
// CHECK: llvm.fsub %[[E]], %[[ONE2]] : vector<3xf32>
// CHECK: %[[ONE3:.*]] = llvm.mlir.constant(dense<1.000000e+00> : vector<3xf16>) : vector<3xf16>
// CHECK: %[[ADD:.*]] = llvm.fadd %[[ONE3]], %{{.*}} : vector<3xf16>
// CHECK: llvm.intr.log(%[[ADD]]) : (vector<3xf16>) -> vector<3xf16>
func.func @expansions_3d(%a: vector<2x2x3xf32>, %h: vector<2x2x3xf16>) -> (vector<2x2x3xf32>, vector<2x2x3xf16>) {
  %0 = math.rsqrt %a fastmath<afn> : vector<2x2x3xf32>
  %1 = math.expm1 %0 : vector<2x2x3xf32>
  %2 = math.log1p %h : vector<2x2x3xf16>
  return %1, %2 : vector<2x2x3xf32>, vector<2x2x3xf16>
}

// ctpop is unrolled; ctlz, cttz and absi on n-D vectors are not lowered
// and stay.
// CHECK-LABEL: func.func @ints_2d
// CHECK: math.ctlz %arg0 : vector<2x4xi32>
// CHECK: math.cttz %arg0 : vector<2x4xi32>
// CHECK: math.absi %arg0 : vector<2x4xi32>
// CHECK: llvm.intr.ctpop(%{{.*}}) : (vector<4xi32>) -> vector<4xi32>
// CHECK: llvm.intr.ctpop(%{{.*}}) : (vector<4xi32>) -> vector<4xi32>
// CHECK: "llvm.intr.ctlz"(%arg1) <{is_zero_poison = false}> : (vector<4xi32>) -> vector<4xi32>
func.func @ints_2d(%i: vector<2x4xi32>, %v: vector<4xi32>) -> (vector<2x4xi32>, vector<2x4xi32>, vector<2x4xi32>, vector<2x4xi32>, vector<4xi32>) {
  %0 = math.ctlz %i : vector<2x4xi32>
  %1 = math.cttz %i : vector<2x4xi32>
  %2 = math.absi %i : vector<2x4xi32>
  %3 = math.ctpop %i : vector<2x4xi32>
  %4 = math.ctlz %v : vector<4xi32>
  return %0, %1, %2, %3, %4 : vector<2x4xi32>, vector<2x4xi32>, vector<2x4xi32>, vector<2x4xi32>, vector<4xi32>
}
