// RUN: strata-opt --convert-arith-to-llvm %s | FileCheck %s
// RUN: strata-opt --convert-arith-to-llvm --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// Arith on n-D vectors: the vectors become nested !llvm.array of 1-D
// vectors and elementwise operations are unrolled over the outer
// dimensions.

// CHECK-LABEL: func.func @binary_2d
// CHECK-DAG: %[[B:.*]] = builtin.unrealized_conversion_cast %arg1 : vector<2x3xf32> to !llvm.array<2 x vector<3xf32>>
// CHECK-DAG: %[[A:.*]] = builtin.unrealized_conversion_cast %arg0 : vector<2x3xf32> to !llvm.array<2 x vector<3xf32>>
// CHECK: %[[P:.*]] = llvm.mlir.poison : !llvm.array<2 x vector<3xf32>>
// CHECK: %[[A0:.*]] = llvm.extractvalue %[[A]][0] : !llvm.array<2 x vector<3xf32>>
// CHECK: %[[B0:.*]] = llvm.extractvalue %[[B]][0] : !llvm.array<2 x vector<3xf32>>
// CHECK: %[[S0:.*]] = llvm.fadd %[[A0]], %[[B0]] {fastmathFlags = #llvm.fastmath<fast>} : vector<3xf32>
// CHECK: %[[R0:.*]] = llvm.insertvalue %[[S0]], %[[P]][0] : !llvm.array<2 x vector<3xf32>>
// CHECK: %[[A1:.*]] = llvm.extractvalue %[[A]][1] : !llvm.array<2 x vector<3xf32>>
// CHECK: %[[B1:.*]] = llvm.extractvalue %[[B]][1] : !llvm.array<2 x vector<3xf32>>
// CHECK: %[[S1:.*]] = llvm.fadd %[[A1]], %[[B1]] {fastmathFlags = #llvm.fastmath<fast>} : vector<3xf32>
// CHECK: %[[R1:.*]] = llvm.insertvalue %[[S1]], %[[R0]][1] : !llvm.array<2 x vector<3xf32>>
// CHECK: %[[OUT:.*]] = builtin.unrealized_conversion_cast %[[R1]] : !llvm.array<2 x vector<3xf32>> to vector<2x3xf32>
// CHECK: llvm.fsub %{{.*}}, %{{.*}} : vector<3xf32>
// CHECK: llvm.fsub %{{.*}}, %{{.*}} : vector<3xf32>
// CHECK: llvm.fmul %{{.*}}, %{{.*}} {fastmathFlags = #llvm.fastmath<nnan, ninf>} : vector<3xf32>
// CHECK: llvm.fdiv
// CHECK: llvm.frem
// CHECK: llvm.intr.maxnum(%{{.*}}, %{{.*}}) : (vector<3xf32>, vector<3xf32>) -> vector<3xf32>
// CHECK: llvm.intr.minimum(%{{.*}}, %{{.*}}) : (vector<3xf32>, vector<3xf32>) -> vector<3xf32>
// CHECK: llvm.fneg %{{.*}} {fastmathFlags = #llvm.fastmath<contract>} : vector<3xf32>
// CHECK: return %[[OUT]] : vector<2x3xf32>
// GENERIC-LABEL: sym_name = "binary_2d"
// GENERIC: "llvm.mlir.poison"() : () -> !llvm.array<2 x vector<3xf32>>
// GENERIC: "llvm.extractvalue"(%{{.*}}) <{position = array<i64: 0>}> : (!llvm.array<2 x vector<3xf32>>) -> vector<3xf32>
// GENERIC: "llvm.fadd"(%{{.*}}, %{{.*}}) <{fastmathFlags = #llvm.fastmath<fast>}> : (vector<3xf32>, vector<3xf32>) -> vector<3xf32>
// GENERIC: "llvm.insertvalue"(%{{.*}}, %{{.*}}) <{position = array<i64: 0>}> : (!llvm.array<2 x vector<3xf32>>, vector<3xf32>) -> !llvm.array<2 x vector<3xf32>>
func.func @binary_2d(%a: vector<2x3xf32>, %b: vector<2x3xf32>) -> vector<2x3xf32> {
  %0 = arith.addf %a, %b fastmath<fast> : vector<2x3xf32>
  %1 = arith.subf %0, %b : vector<2x3xf32>
  %2 = arith.mulf %1, %b fastmath<nnan,ninf> : vector<2x3xf32>
  %3 = arith.divf %2, %a : vector<2x3xf32>
  %4 = arith.remf %3, %a : vector<2x3xf32>
  %5 = arith.maxnumf %4, %a : vector<2x3xf32>
  %6 = arith.minimumf %5, %b : vector<2x3xf32>
  %7 = arith.negf %6 fastmath<contract> : vector<2x3xf32>
  return %0 : vector<2x3xf32>
}

// Three dimensions unroll in row-major order of the two outer ones.
// CHECK-LABEL: func.func @int_3d
// CHECK: %[[C:.*]] = llvm.mlir.constant(dense<{{\[\[\[}}1, 2, 3, 4], [5, 6, 7, 8]], {{\[\[}}9, 10, 11, 12], [13, 14, 15, 16]]]> : vector<2x2x4xi32>) : !llvm.array<2 x array<2 x vector<4xi32>>>
// CHECK: llvm.mlir.poison : !llvm.array<2 x array<2 x vector<4xi32>>>
// CHECK: llvm.extractvalue %{{.*}}[0, 0] : !llvm.array<2 x array<2 x vector<4xi32>>>
// CHECK: llvm.extractvalue %[[C]][0, 0] : !llvm.array<2 x array<2 x vector<4xi32>>>
// CHECK: llvm.add %{{.*}}, %{{.*}} overflow<nsw> : vector<4xi32>
// CHECK: llvm.insertvalue %{{.*}}, %{{.*}}[0, 0] : !llvm.array<2 x array<2 x vector<4xi32>>>
// CHECK: llvm.insertvalue %{{.*}}, %{{.*}}[0, 1] : !llvm.array<2 x array<2 x vector<4xi32>>>
// CHECK: llvm.insertvalue %{{.*}}, %{{.*}}[1, 0] : !llvm.array<2 x array<2 x vector<4xi32>>>
// CHECK: llvm.insertvalue %{{.*}}, %{{.*}}[1, 1] : !llvm.array<2 x array<2 x vector<4xi32>>>
// CHECK: llvm.sub %{{.*}}, %{{.*}} : vector<4xi32>
// CHECK: llvm.mul %{{.*}}, %{{.*}} overflow<nsw, nuw> : vector<4xi32>
// CHECK: llvm.sdiv
// CHECK: llvm.udiv
// CHECK: llvm.srem
// CHECK: llvm.urem
// CHECK: llvm.and
// CHECK: llvm.or
// CHECK: llvm.xor
// CHECK: llvm.shl
// CHECK: llvm.ashr
// CHECK: llvm.lshr
// CHECK: llvm.intr.smax
// CHECK: llvm.intr.smin
// CHECK: llvm.intr.umax
// CHECK: llvm.intr.umin
func.func @int_3d(%i: vector<2x2x4xi32>, %j: vector<2x2x4xi32>) -> vector<2x2x4xi32> {
  %c = arith.constant dense<[[[1, 2, 3, 4], [5, 6, 7, 8]], [[9, 10, 11, 12], [13, 14, 15, 16]]]> : vector<2x2x4xi32>
  %0 = arith.addi %i, %c overflow<nsw> : vector<2x2x4xi32>
  %1 = arith.subi %0, %j : vector<2x2x4xi32>
  %2 = arith.muli %1, %j overflow<nsw, nuw> : vector<2x2x4xi32>
  %3 = arith.divsi %2, %i : vector<2x2x4xi32>
  %4 = arith.divui %3, %j : vector<2x2x4xi32>
  %5 = arith.remsi %4, %j : vector<2x2x4xi32>
  %6 = arith.remui %5, %j : vector<2x2x4xi32>
  %7 = arith.andi %6, %j : vector<2x2x4xi32>
  %8 = arith.ori %7, %j : vector<2x2x4xi32>
  %9 = arith.xori %8, %j : vector<2x2x4xi32>
  %10 = arith.shli %9, %j : vector<2x2x4xi32>
  %11 = arith.shrsi %10, %j : vector<2x2x4xi32>
  %12 = arith.shrui %11, %j : vector<2x2x4xi32>
  %13 = arith.maxsi %12, %j : vector<2x2x4xi32>
  %14 = arith.minsi %13, %j : vector<2x2x4xi32>
  %15 = arith.maxui %14, %j : vector<2x2x4xi32>
  %16 = arith.minui %15, %j : vector<2x2x4xi32>
  return %16 : vector<2x2x4xi32>
}

// Splat and non-splat constants keep their n-D attribute and take the
// array type.
// CHECK-LABEL: func.func @constants
// CHECK: llvm.mlir.constant(dense<1.000000e+00> : vector<2x3xf32>) : !llvm.array<2 x vector<3xf32>>
// CHECK: llvm.mlir.constant(dense<{{\[\[}}1.500000e+00, -2.000000e+00], [0.000000e+00, 3.250000e+00]]> : vector<2x2xf64>) : !llvm.array<2 x vector<2xf64>>
// CHECK: llvm.mlir.constant(dense<true> : vector<2x2x3xi1>) : !llvm.array<2 x array<2 x vector<3xi1>>>
// CHECK: llvm.mlir.constant(dense<7> : vector<2x2xindex>) : !llvm.array<2 x vector<2xi64>>
// CHECK: llvm.mlir.constant(dense<[1, 2, 3]> : vector<3xi32>) : vector<3xi32>
func.func @constants() -> (vector<2x3xf32>, vector<2x2xf64>, vector<2x2x3xi1>, vector<2x2xindex>, vector<3xi32>) {
  %0 = arith.constant dense<1.0> : vector<2x3xf32>
  %1 = arith.constant dense<[[1.5, -2.0], [0.0, 3.25]]> : vector<2x2xf64>
  %2 = arith.constant dense<true> : vector<2x2x3xi1>
  %3 = arith.constant dense<7> : vector<2x2xindex>
  %4 = arith.constant dense<[1, 2, 3]> : vector<3xi32>
  return %0, %1, %2, %3, %4 : vector<2x3xf32>, vector<2x2xf64>, vector<2x2x3xi1>, vector<2x2xindex>, vector<3xi32>
}

// CHECK-LABEL: func.func @casts
// CHECK: llvm.fptrunc %{{.*}} : vector<2xf32> to vector<2xf16>
// CHECK: llvm.fpext %{{.*}} : vector<2xf16> to vector<2xf32>
// CHECK: llvm.fptosi %{{.*}} : vector<2xf32> to vector<2xi32>
// CHECK: llvm.fptoui %{{.*}} : vector<2xf32> to vector<2xi64>
// CHECK: llvm.uitofp %{{.*}} : vector<2xi32> to vector<2xf32>
// CHECK: llvm.sitofp %{{.*}} : vector<2xi32> to vector<2xf64>
// CHECK: llvm.bitcast %{{.*}} : vector<2xf32> to vector<2xi32>
// CHECK: llvm.trunc %{{.*}} overflow<nsw> : vector<2xi32> to vector<2xi8>
// CHECK: llvm.zext %{{.*}} : vector<2xi32> to vector<2xi64>
// CHECK: llvm.sext %{{.*}} : vector<2xi8> to vector<2xi16>
// CHECK: llvm.trunc %{{.*}} : vector<2xi64> to vector<2xi32>
// CHECK: llvm.zext %{{.*}} : vector<2xi32> to vector<2xi64>
// CHECK-NOT: llvm.sext %{{.*}} : vector<2xi64>
// CHECK: llvm.add %{{.*}}, %{{.*}} : vector<2xi64>
func.func @casts(%a: vector<2x2xf32>, %h: vector<1x2x2xf16>, %i: vector<2x2xi32>, %x: vector<2x2xindex>) -> vector<2x2xi64> {
  %0 = arith.truncf %a : vector<2x2xf32> to vector<2x2xf16>
  %1 = arith.extf %h : vector<1x2x2xf16> to vector<1x2x2xf32>
  %2 = arith.fptosi %a : vector<2x2xf32> to vector<2x2xi32>
  %3 = arith.fptoui %a : vector<2x2xf32> to vector<2x2xi64>
  %4 = arith.uitofp %i : vector<2x2xi32> to vector<2x2xf32>
  %5 = arith.sitofp %i : vector<2x2xi32> to vector<2x2xf64>
  %6 = arith.bitcast %a : vector<2x2xf32> to vector<2x2xi32>
  %7 = arith.trunci %i overflow<nsw> : vector<2x2xi32> to vector<2x2xi8>
  %8 = arith.extui %i : vector<2x2xi32> to vector<2x2xi64>
  %9 = arith.extsi %7 : vector<2x2xi8> to vector<2x2xi16>
  %10 = arith.index_cast %x : vector<2x2xindex> to vector<2x2xi32>
  %11 = arith.index_castui %i : vector<2x2xi32> to vector<2x2xindex>
  %12 = arith.index_cast %x : vector<2x2xindex> to vector<2x2xi64>
  %13 = arith.addi %12, %12 : vector<2x2xi64>
  return %13 : vector<2x2xi64>
}

// CHECK-LABEL: func.func @compare_select
// CHECK: llvm.mlir.poison : !llvm.array<2 x vector<3xi1>>
// CHECK: llvm.fcmp "ugt" %{{.*}}, %{{.*}} {fastmathFlags = #llvm.fastmath<fast>} : vector<3xf32>
// CHECK: llvm.fcmp "ugt" %{{.*}}, %{{.*}} {fastmathFlags = #llvm.fastmath<fast>} : vector<3xf32>
// CHECK: llvm.mlir.poison : !llvm.array<2 x vector<3xi1>>
// CHECK: llvm.icmp "sle" %{{.*}}, %{{.*}} : vector<3xi32>
// CHECK: llvm.icmp "sle" %{{.*}}, %{{.*}} : vector<3xi32>
// CHECK: llvm.mlir.poison : !llvm.array<2 x vector<3xi32>>
// CHECK: %[[M:.*]] = llvm.extractvalue %{{.*}}[0] : !llvm.array<2 x vector<3xi1>>
// CHECK: llvm.select %[[M]], %{{.*}}, %{{.*}} : vector<3xi1>, vector<3xi32>
// CHECK: llvm.select %{{.*}}, %{{.*}}, %{{.*}} : vector<3xi1>, vector<3xi32>
// A scalar condition selects whole arrays.
// CHECK: llvm.select %arg4, %{{.*}}, %{{.*}} : i1, !llvm.array<2 x vector<3xi32>>
func.func @compare_select(%a: vector<2x3xf32>, %b: vector<2x3xf32>, %i: vector<2x3xi32>, %j: vector<2x3xi32>, %c: i1) -> (vector<2x3xi32>, vector<2x3xi32>) {
  %0 = arith.cmpf ugt, %a, %b fastmath<fast> : vector<2x3xf32>
  %1 = arith.cmpi sle, %i, %j : vector<2x3xi32>
  %2 = arith.select %0, %i, %j : vector<2x3xi1>, vector<2x3xi32>
  %3 = arith.select %c, %i, %j : vector<2x3xi32>
  return %2, %3 : vector<2x3xi32>, vector<2x3xi32>
}

// Folding first: the sum of two n-D constants is one n-D constant.
// CHECK-LABEL: func.func @folded
// CHECK: %[[C:.*]] = llvm.mlir.constant(dense<3.000000e+00> : vector<2x3xf32>) : !llvm.array<2 x vector<3xf32>>
// CHECK: llvm.extractvalue %[[C]][0]
// CHECK: llvm.fadd
func.func @folded(%a: vector<2x3xf32>) -> vector<2x3xf32> {
  %c1 = arith.constant dense<1.0> : vector<2x3xf32>
  %c2 = arith.constant dense<2.0> : vector<2x3xf32>
  %0 = arith.addf %c1, %c2 : vector<2x3xf32>
  %1 = arith.addf %0, %a : vector<2x3xf32>
  return %1 : vector<2x3xf32>
}

// Extended multiplications of n-D vectors and operations on vectors
// scalable in an outer dimension are not lowered and stay, as upstream.
// CHECK-LABEL: func.func @declined
// CHECK: arith.mulsi_extended %arg0, %arg0 : vector<2x3xi32>
// CHECK: arith.addf %arg1, %arg1 : vector<[2]x4xf32>
func.func @declined(%i: vector<2x3xi32>, %s: vector<[2]x4xf32>) -> (vector<2x3xi32>, vector<[2]x4xf32>) {
  %lo, %hi = arith.mulsi_extended %i, %i : vector<2x3xi32>
  %0 = arith.addf %s, %s : vector<[2]x4xf32>
  return %hi, %0 : vector<2x3xi32>, vector<[2]x4xf32>
}
