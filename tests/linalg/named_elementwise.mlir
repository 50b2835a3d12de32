// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC
// RUN: strata-opt --linalg-generalize-named-ops %s | FileCheck %s --check-prefix=GEN
// RUN: strata-opt --canonicalize %s | FileCheck %s --check-prefix=CANON

// The element-wise named operations are rank-polymorphic: identity maps
// over the output's rank, the empty map for a scalar operand, one
// parallel loop per dimension. Their bodies apply one function to the
// inputs without casts; the custom form hides them.

// CHECK-LABEL: func.func @unary
// CHECK: %0 = linalg.exp ins(%arg0 : tensor<4x8xf32>) outs(%arg1 : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK: %1 = linalg.log ins(%0 : tensor<4x8xf32>) outs(%arg1 : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK: linalg.abs ins(%arg2 : memref<4x8xf16>) outs(%arg2 : memref<4x8xf16>)
// GENERIC-LABEL: sym_name = "unary"
// GENERIC: "math.exp"(%{{.*}}) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GENERIC: "math.log"
// GENERIC: "math.absf"(%{{.*}}) <{fastmath = #arith.fastmath<none>}> : (f16) -> f16
// GENERIC: "math.ceil"
// GENERIC: "math.floor"
// GENERIC: "arith.negf"
// GENERIC: "arith.constant"() <{value = 1.000000e+00 : f32}> : () -> f32
// GENERIC-NEXT: "arith.divf"
// GENERIC: "math.round"
// GENERIC: "math.sqrt"
// GENERIC: "math.rsqrt"
// GENERIC: "arith.mulf"(%arg{{[0-9]+}}, %arg{{[0-9]+}})
// GENERIC: "math.tanh"
// GENERIC: "math.erf"
// GEN-LABEL: func.func @unary
// GEN: %cst = arith.constant 1.000000e+00 : f32
// GEN: linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x8xf32>) outs(%arg1 : tensor<4x8xf32>) {
// GEN-NEXT: ^bb0(%in: f32, %out: f32):
// GEN-NEXT: math.exp %in : f32
// GEN: arith.divf %cst, %{{.*}} : f32
// CANON-LABEL: func.func @unary
// CANON: linalg.abs
// CANON: linalg.erf
func.func @unary(%a: tensor<4x8xf32>, %o: tensor<4x8xf32>, %m: memref<4x8xf16>) -> tensor<4x8xf32> {
  %0 = linalg.exp ins(%a : tensor<4x8xf32>) outs(%o : tensor<4x8xf32>) -> tensor<4x8xf32>
  %1 = linalg.log ins(%0 : tensor<4x8xf32>) outs(%o : tensor<4x8xf32>) -> tensor<4x8xf32>
  linalg.abs ins(%m : memref<4x8xf16>) outs(%m : memref<4x8xf16>)
  %2 = linalg.ceil ins(%1 : tensor<4x8xf32>) outs(%o : tensor<4x8xf32>) -> tensor<4x8xf32>
  %3 = linalg.floor ins(%2 : tensor<4x8xf32>) outs(%o : tensor<4x8xf32>) -> tensor<4x8xf32>
  %4 = linalg.negf ins(%3 : tensor<4x8xf32>) outs(%o : tensor<4x8xf32>) -> tensor<4x8xf32>
  %5 = linalg.reciprocal ins(%4 : tensor<4x8xf32>) outs(%o : tensor<4x8xf32>) -> tensor<4x8xf32>
  %6 = linalg.round ins(%5 : tensor<4x8xf32>) outs(%o : tensor<4x8xf32>) -> tensor<4x8xf32>
  %7 = linalg.sqrt ins(%6 : tensor<4x8xf32>) outs(%o : tensor<4x8xf32>) -> tensor<4x8xf32>
  %8 = linalg.rsqrt ins(%7 : tensor<4x8xf32>) outs(%o : tensor<4x8xf32>) -> tensor<4x8xf32>
  %9 = linalg.square ins(%8 : tensor<4x8xf32>) outs(%o : tensor<4x8xf32>) -> tensor<4x8xf32>
  %10 = linalg.tanh ins(%9 : tensor<4x8xf32>) outs(%o : tensor<4x8xf32>) -> tensor<4x8xf32>
  %11 = linalg.erf ins(%10 : tensor<4x8xf32>) outs(%o : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %11 : tensor<4x8xf32>
}

// Binary operations pick the float, integer or boolean form of
// their function from the operand types; max and min are the signed
// forms, maximumf and minimumf on floats.
// CHECK-LABEL: func.func @binary
// CHECK: linalg.add ins(%arg0, %arg1 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%arg0 : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK: linalg.mul ins(%{{.*}}, %arg3 : tensor<4x8xf32>, f32) outs(%arg0 : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK: linalg.max ins(%arg2, %arg2 : memref<8xi32>, memref<8xi32>) outs(%arg2 : memref<8xi32>)
// GENERIC-LABEL: sym_name = "binary"
// GENERIC: "arith.addf"
// GENERIC: "arith.subf"
// GENERIC: "arith.mulf"
// GENERIC: }) : (tensor<4x8xf32>, f32, tensor<4x8xf32>) -> tensor<4x8xf32>
// GENERIC: "arith.divf"
// GENERIC: "math.powf"
// GENERIC: "arith.maxsi"
// GENERIC: "arith.minsi"
// GENERIC: "arith.divsi"
// GENERIC: "arith.divui"
// GENERIC: "arith.ori"
// GENERIC: "arith.andi"
// GENERIC: "arith.maximumf"
// GENERIC: "arith.minimumf"
// GEN-LABEL: func.func @binary
// GEN: linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%{{.*}}, %arg3 : tensor<4x8xf32>, f32) outs(%arg0 : tensor<4x8xf32>) {
// GEN: linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel"]} ins(%arg2, %arg2 : memref<8xi32>, memref<8xi32>) outs(%arg2 : memref<8xi32>) {
// GEN: arith.maxsi %in, %in_{{.*}} : i32
func.func @binary(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>, %i: memref<8xi32>, %s: f32,
                  %p: memref<8xi1>) -> tensor<4x8xf32> {
  %0 = linalg.add ins(%a, %b : tensor<4x8xf32>, tensor<4x8xf32>) outs(%a : tensor<4x8xf32>) -> tensor<4x8xf32>
  %1 = linalg.sub ins(%0, %b : tensor<4x8xf32>, tensor<4x8xf32>) outs(%a : tensor<4x8xf32>) -> tensor<4x8xf32>
  %2 = linalg.mul ins(%1, %s : tensor<4x8xf32>, f32) outs(%a : tensor<4x8xf32>) -> tensor<4x8xf32>
  %3 = linalg.div ins(%2, %b : tensor<4x8xf32>, tensor<4x8xf32>) outs(%a : tensor<4x8xf32>) -> tensor<4x8xf32>
  %4 = linalg.powf ins(%3, %b : tensor<4x8xf32>, tensor<4x8xf32>) outs(%a : tensor<4x8xf32>) -> tensor<4x8xf32>
  linalg.max ins(%i, %i : memref<8xi32>, memref<8xi32>) outs(%i : memref<8xi32>)
  linalg.min ins(%i, %i : memref<8xi32>, memref<8xi32>) outs(%i : memref<8xi32>)
  linalg.div ins(%i, %i : memref<8xi32>, memref<8xi32>) outs(%i : memref<8xi32>)
  linalg.div_unsigned ins(%i, %i : memref<8xi32>, memref<8xi32>) outs(%i : memref<8xi32>)
  linalg.add ins(%p, %p : memref<8xi1>, memref<8xi1>) outs(%p : memref<8xi1>)
  linalg.mul ins(%p, %p : memref<8xi1>, memref<8xi1>) outs(%p : memref<8xi1>)
  %5 = linalg.max ins(%4, %b : tensor<4x8xf32>, tensor<4x8xf32>) outs(%a : tensor<4x8xf32>) -> tensor<4x8xf32>
  %6 = linalg.min ins(%5, %b : tensor<4x8xf32>, tensor<4x8xf32>) outs(%a : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %6 : tensor<4x8xf32>
}

// select takes an i1 condition and two values.
// CHECK-LABEL: func.func @select
// CHECK: linalg.select ins(%arg0, %arg1, %arg2 : tensor<4x8xi1>, tensor<4x8xf32>, tensor<4x8xf32>) outs(%arg2 : tensor<4x8xf32>) -> tensor<4x8xf32>
// GENERIC: "arith.select"(%{{.*}}, %{{.*}}, %{{.*}}) : (i1, f32, f32) -> f32
// GEN-LABEL: func.func @select
// GEN: ^bb0(%in: i1, %in_0: f32, %in_1: f32, %out: f32):
// GEN-NEXT: arith.select %in, %in_0, %in_1 : f32
func.func @select(%c: tensor<4x8xi1>, %a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = linalg.select ins(%c, %a, %b : tensor<4x8xi1>, tensor<4x8xf32>, tensor<4x8xf32>) outs(%b : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// Named operations on tensors whose results are unused are dead; on a
// memref with a zero-sized dimension they run no iteration.
// CANON-LABEL: func.func @dead
// CANON-NEXT: linalg.exp ins(%arg1 : memref<4xf32>) outs(%arg1 : memref<4xf32>)
// CANON-NEXT: return
// GEN-LABEL: func.func @dead
// GEN-NEXT: linalg.generic {{.*}} ins(%arg1 : memref<4xf32>) outs(%arg1 : memref<4xf32>) {
// GEN-NEXT: ^bb0(%in: f32, %out: f32):
// GEN-NEXT: math.exp
// GEN: linalg.generic {{.*}} ins(%arg2 : memref<0x4xf32>) outs(%arg2 : memref<0x4xf32>) {
// GEN-NEXT: ^bb0(%in: f32, %out: f32):
// GEN-NEXT: math.sqrt
func.func @dead(%a: tensor<4xf32>, %m: memref<4xf32>, %z: memref<0x4xf32>) {
  %0 = linalg.exp ins(%a : tensor<4xf32>) outs(%a : tensor<4xf32>) -> tensor<4xf32>
  linalg.exp ins(%m : memref<4xf32>) outs(%m : memref<4xf32>)
  linalg.sqrt ins(%z : memref<0x4xf32>) outs(%z : memref<0x4xf32>)
  return
}
