// RUN: strata-opt --convert-vector-to-scf %s | FileCheck %s
// RUN: strata-opt --convert-vector-to-scf --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// The transfer permutation map lowering that convert-vector-to-scf runs
// first: a read whose map permutes the base's dimensions reads in the
// base's order and transposes (vector.transpose); leading broadcasts
// become a read of lower rank and a vector.broadcast; a write with a
// permuted map transposes its vector; a write that skips inner
// dimensions of the base (a column) gets unit dimensions, its mask
// broadcast and transposed. The transfers' folds mark dimensions in
// bounds from static shapes and drop all-true masks.

// GENERIC: "vector.transpose"(%{{[0-9]+}}) <{permutation = array<i64: 1, 0>}> : (vector<3x4xf32>) -> vector<4x3xf32>
// CHECK: #map = affine_map<(d0)[s0] -> (d0 + s0)>
// CHECK-LABEL: func.func @transposed_read(%arg0: memref<?x?xf32>, %arg1: index, %arg2: index) -> vector<4x3xf32> {
// CHECK-NEXT: %cst = arith.constant dense<0.000000e+00> : vector<4xf32>
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %cst_0 = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %alloca = memref.alloca() : memref<vector<3x4xf32>>
// CHECK-NEXT: %0 = vector.type_cast %alloca : memref<vector<3x4xf32>> to memref<3xvector<4xf32>>
// CHECK-NEXT: scf.for %arg3 = %c0 to %c3 step %c1 {
// CHECK-NEXT: %dim = memref.dim %arg0, %c0 : memref<?x?xf32>
// CHECK-NEXT: %3 = affine.apply #map(%arg3)[%arg1]
// CHECK-NEXT: %4 = arith.cmpi sgt, %dim, %3 : index
// CHECK-NEXT: scf.if %4 {
// CHECK-NEXT: %5 = affine.apply #map(%arg3)[%arg1]
// CHECK-NEXT: %6 = vector.transfer_read %arg0[%5, %arg2], %cst_0 : memref<?x?xf32>, vector<4xf32>
// CHECK-NEXT: memref.store %6, %0[%arg3] : memref<3xvector<4xf32>>
// CHECK-NEXT: } else {
// CHECK-NEXT: memref.store %cst, %0[%arg3] : memref<3xvector<4xf32>>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: %1 = memref.load %alloca[] : memref<vector<3x4xf32>>
// CHECK-NEXT: %2 = vector.transpose %1, [1, 0] : vector<3x4xf32> to vector<4x3xf32>
// CHECK-NEXT: return %2 : vector<4x3xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @broadcast_read(%arg0: memref<8x8xf32>, %arg1: index) -> vector<2x4xf32> {
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %0 = vector.transfer_read %arg0[%arg1, %arg1], %cst : memref<8x8xf32>, vector<4xf32>
// CHECK-NEXT: %1 = vector.broadcast %0 : vector<4xf32> to vector<2x4xf32>
// CHECK-NEXT: return %1 : vector<2x4xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @permuted_3d_read(%arg0: memref<?x?x?xf32>, %arg1: index, %arg2: vector<2x3x4xi1>) -> vector<4x2x3xf32> {
// CHECK-NEXT: %cst = arith.constant dense<1.000000e+00> : vector<4xf32>
// CHECK-NEXT: %cst_0 = arith.constant dense<1.000000e+00> : vector<3x4xf32>
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %cst_1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %alloca = memref.alloca() : memref<vector<2x3x4xf32>>
// CHECK-NEXT: %alloca_2 = memref.alloca() : memref<vector<2x3x4xi1>>
// CHECK-NEXT: memref.store %arg2, %alloca_2[] : memref<vector<2x3x4xi1>>
// CHECK-NEXT: %0 = vector.type_cast %alloca : memref<vector<2x3x4xf32>> to memref<2xvector<3x4xf32>>
// CHECK-NEXT: %1 = vector.type_cast %alloca_2 : memref<vector<2x3x4xi1>> to memref<2xvector<3x4xi1>>
// CHECK-NEXT: scf.for %arg3 = %c0 to %c2 step %c1 {
// CHECK-NEXT: %dim = memref.dim %arg0, %c0 : memref<?x?x?xf32>
// CHECK-NEXT: %4 = affine.apply #map(%arg3)[%arg1]
// CHECK-NEXT: %5 = arith.cmpi sgt, %dim, %4 : index
// CHECK-NEXT: scf.if %5 {
// CHECK-NEXT: %6 = affine.apply #map(%arg3)[%arg1]
// CHECK-NEXT: %7 = vector.type_cast %0 : memref<2xvector<3x4xf32>> to memref<2x3xvector<4xf32>>
// CHECK-NEXT: %8 = vector.type_cast %1 : memref<2xvector<3x4xi1>> to memref<2x3xvector<4xi1>>
// CHECK-NEXT: scf.for %arg4 = %c0 to %c3 step %c1 {
// CHECK-NEXT: %dim_3 = memref.dim %arg0, %c1 : memref<?x?x?xf32>
// CHECK-NEXT: %9 = affine.apply #map(%arg4)[%arg1]
// CHECK-NEXT: %10 = arith.cmpi sgt, %dim_3, %9 : index
// CHECK-NEXT: scf.if %10 {
// CHECK-NEXT: %11 = affine.apply #map(%arg4)[%arg1]
// CHECK-NEXT: %12 = memref.load %8[%arg3, %arg4] : memref<2x3xvector<4xi1>>
// CHECK-NEXT: %13 = vector.transfer_read %arg0[%6, %11, %arg1], %cst_1, %12 {in_bounds = [true]} : memref<?x?x?xf32>, vector<4xf32>
// CHECK-NEXT: memref.store %13, %7[%arg3, %arg4] : memref<2x3xvector<4xf32>>
// CHECK-NEXT: } else {
// CHECK-NEXT: memref.store %cst, %7[%arg3, %arg4] : memref<2x3xvector<4xf32>>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: } else {
// CHECK-NEXT: memref.store %cst_0, %0[%arg3] : memref<2xvector<3x4xf32>>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: %2 = memref.load %alloca[] : memref<vector<2x3x4xf32>>
// CHECK-NEXT: %3 = vector.transpose %2, [2, 0, 1] : vector<2x3x4xf32> to vector<4x2x3xf32>
// CHECK-NEXT: return %3 : vector<4x2x3xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @transposed_write(%arg0: vector<4x3xf32>, %arg1: memref<?x?xf32>, %arg2: index) {
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %alloca = memref.alloca() : memref<vector<3x4xf32>>
// CHECK-NEXT: %0 = vector.transpose %arg0, [1, 0] : vector<4x3xf32> to vector<3x4xf32>
// CHECK-NEXT: memref.store %0, %alloca[] : memref<vector<3x4xf32>>
// CHECK-NEXT: %1 = vector.type_cast %alloca : memref<vector<3x4xf32>> to memref<3xvector<4xf32>>
// CHECK-NEXT: scf.for %arg3 = %c0 to %c3 step %c1 {
// CHECK-NEXT: %2 = affine.apply #map(%arg3)[%arg2]
// CHECK-NEXT: %3 = memref.load %1[%arg3] : memref<3xvector<4xf32>>
// CHECK-NEXT: vector.transfer_write %3, %arg1[%2, %arg2] : vector<4xf32>, memref<?x?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @masked_column_write(%arg0: vector<3xf32>, %arg1: memref<?x?xf32>, %arg2: index, %arg3: vector<3xi1>) {
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %alloca = memref.alloca() : memref<vector<3x1xf32>>
// CHECK-NEXT: %alloca_0 = memref.alloca() : memref<vector<3x1xi1>>
// CHECK-NEXT: %0 = vector.broadcast %arg0 : vector<3xf32> to vector<1x3xf32>
// CHECK-NEXT: %1 = vector.broadcast %arg3 : vector<3xi1> to vector<1x3xi1>
// CHECK-NEXT: %2 = vector.transpose %1, [1, 0] : vector<1x3xi1> to vector<3x1xi1>
// CHECK-NEXT: %3 = vector.transpose %0, [1, 0] : vector<1x3xf32> to vector<3x1xf32>
// CHECK-NEXT: memref.store %2, %alloca_0[] : memref<vector<3x1xi1>>
// CHECK-NEXT: memref.store %3, %alloca[] : memref<vector<3x1xf32>>
// CHECK-NEXT: %4 = vector.type_cast %alloca : memref<vector<3x1xf32>> to memref<3xvector<1xf32>>
// CHECK-NEXT: %5 = vector.type_cast %alloca_0 : memref<vector<3x1xi1>> to memref<3xvector<1xi1>>
// CHECK-NEXT: scf.for %arg4 = %c0 to %c3 step %c1 {
// CHECK-NEXT: %dim = memref.dim %arg1, %c0 : memref<?x?xf32>
// CHECK-NEXT: %6 = affine.apply #map(%arg4)[%arg2]
// CHECK-NEXT: %7 = arith.cmpi sgt, %dim, %6 : index
// CHECK-NEXT: scf.if %7 {
// CHECK-NEXT: %8 = affine.apply #map(%arg4)[%arg2]
// CHECK-NEXT: %9 = memref.load %4[%arg4] : memref<3xvector<1xf32>>
// CHECK-NEXT: %10 = memref.load %5[%arg4] : memref<3xvector<1xi1>>
// CHECK-NEXT: vector.transfer_write %9, %arg1[%8, %arg2], %10 {in_bounds = [true]} : vector<1xf32>, memref<?x?xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @static_in_bounds(%arg0: memref<4x8xf32>) -> vector<4x8xf32> {
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %alloca = memref.alloca() : memref<vector<4x8xf32>>
// CHECK-NEXT: %0 = vector.type_cast %alloca : memref<vector<4x8xf32>> to memref<4xvector<8xf32>>
// CHECK-NEXT: scf.for %arg1 = %c0 to %c4 step %c1 {
// CHECK-NEXT: %2 = vector.transfer_read %arg0[%arg1, %c0], %cst {in_bounds = [true]} : memref<4x8xf32>, vector<8xf32>
// CHECK-NEXT: memref.store %2, %0[%arg1] : memref<4xvector<8xf32>>
// CHECK-NEXT: }
// CHECK-NEXT: %1 = memref.load %alloca[] : memref<vector<4x8xf32>>
// CHECK-NEXT: return %1 : vector<4x8xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @tensor_transposed(%arg0: tensor<?x?xf32>, %arg1: vector<2x3xf32>, %arg2: index) -> (tensor<?x?xf32>, vector<3x2xf32>) {
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %0 = vector.transpose %arg1, [1, 0] : vector<2x3xf32> to vector<3x2xf32>
// CHECK-NEXT: %1 = vector.transfer_write %0, %arg0[%arg2, %arg2] : vector<3x2xf32>, tensor<?x?xf32>
// CHECK-NEXT: %2 = vector.transfer_read %arg0[%arg2, %arg2], %cst : tensor<?x?xf32>, vector<2x3xf32>
// CHECK-NEXT: %3 = vector.transpose %2, [1, 0] : vector<2x3xf32> to vector<3x2xf32>
// CHECK-NEXT: return %1, %3 : tensor<?x?xf32>, vector<3x2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

func.func @transposed_read(%m: memref<?x?xf32>, %i: index, %j: index) -> vector<4x3xf32> {
  %pad = arith.constant 0.0 : f32
  %r = vector.transfer_read %m[%i, %j], %pad {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<?x?xf32>, vector<4x3xf32>
  return %r : vector<4x3xf32>
}

func.func @broadcast_read(%m: memref<8x8xf32>, %i: index) -> vector<2x4xf32> {
  %pad = arith.constant 0.0 : f32
  %r = vector.transfer_read %m[%i, %i], %pad {permutation_map = affine_map<(d0, d1) -> (0, d1)>} : memref<8x8xf32>, vector<2x4xf32>
  return %r : vector<2x4xf32>
}

func.func @permuted_3d_read(%m: memref<?x?x?xf32>, %i: index, %mask: vector<2x3x4xi1>) -> vector<4x2x3xf32> {
  %pad = arith.constant 1.0 : f32
  %r = vector.transfer_read %m[%i, %i, %i], %pad, %mask {in_bounds = [true, false, false], permutation_map = affine_map<(d0, d1, d2) -> (d2, d0, d1)>} : memref<?x?x?xf32>, vector<4x2x3xf32>
  return %r : vector<4x2x3xf32>
}

func.func @transposed_write(%v: vector<4x3xf32>, %m: memref<?x?xf32>, %i: index) {
  vector.transfer_write %v, %m[%i, %i] {in_bounds = [false, true], permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : vector<4x3xf32>, memref<?x?xf32>
  return
}

func.func @masked_column_write(%v: vector<3xf32>, %m: memref<?x?xf32>, %i: index, %mask: vector<3xi1>) {
  vector.transfer_write %v, %m[%i, %i], %mask {permutation_map = affine_map<(d0, d1) -> (d0)>} : vector<3xf32>, memref<?x?xf32>
  return
}

func.func @static_in_bounds(%m: memref<4x8xf32>) -> vector<4x8xf32> {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %true = arith.constant dense<true> : vector<4x8xi1>
  %r = vector.transfer_read %m[%c0, %c0], %pad, %true : memref<4x8xf32>, vector<4x8xf32>
  return %r : vector<4x8xf32>
}

func.func @tensor_transposed(%t: tensor<?x?xf32>, %v: vector<2x3xf32>, %i: index) -> (tensor<?x?xf32>, vector<3x2xf32>) {
  %pad = arith.constant 0.0 : f32
  %w = vector.transfer_write %v, %t[%i, %i] {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : vector<2x3xf32>, tensor<?x?xf32>
  %r = vector.transfer_read %t[%i, %i], %pad {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : tensor<?x?xf32>, vector<3x2xf32>
  return %w, %r : tensor<?x?xf32>, vector<3x2xf32>
}
