// RUN: strata-opt --convert-vector-to-scf %s | FileCheck %s
// RUN: strata-opt --convert-vector-to-scf --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// Transfers on memrefs (upstream's VectorToSCF with target-rank 1): an
// n-D transfer goes through a memref.alloca of its vector type at the
// start of the function, cast with vector.type_cast one dimension at a
// time, each level an scf.for guarded by `dim > index` for dimensions
// not in bounds and by the mask (2-D masks through their own buffer);
// padding fills the rows out of bounds. 1-D transfers that are not a
// contiguous minor-identity access (a column, a strided last dimension)
// become loops of memref.load/store.

// GENERIC: "memref.store"(%arg{{[0-9]+}}, %{{[0-9]+}}) : (vector<2x2x3xf16>, memref<vector<2x2x3xf16>>) -> ()

// CHECK-NEXT: #map = affine_map<(d0)[s0] -> (d0 + s0)>
// CHECK-LABEL: func.func @read2d(%arg0: memref<?x?xf32>, %arg1: index, %arg2: index) -> vector<3x4xf32> {
// CHECK-NEXT: %cst = arith.constant dense<0.000000e+00> : vector<4xf32>
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %cst_0 = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %alloca = memref.alloca() : memref<vector<3x4xf32>>
// CHECK-NEXT: %0 = vector.type_cast %alloca : memref<vector<3x4xf32>> to memref<3xvector<4xf32>>
// CHECK-NEXT: scf.for %arg3 = %c0 to %c3 step %c1 {
// CHECK-NEXT: %dim = memref.dim %arg0, %c0 : memref<?x?xf32>
// CHECK-NEXT: %2 = affine.apply #map(%arg3)[%arg1]
// CHECK-NEXT: %3 = arith.cmpi sgt, %dim, %2 : index
// CHECK-NEXT: scf.if %3 {
// CHECK-NEXT: %4 = affine.apply #map(%arg3)[%arg1]
// CHECK-NEXT: %5 = vector.transfer_read %arg0[%4, %arg2], %cst_0 : memref<?x?xf32>, vector<4xf32>
// CHECK-NEXT: memref.store %5, %0[%arg3] : memref<3xvector<4xf32>>
// CHECK-NEXT: } else {
// CHECK-NEXT: memref.store %cst, %0[%arg3] : memref<3xvector<4xf32>>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: %1 = memref.load %alloca[] : memref<vector<3x4xf32>>
// CHECK-NEXT: return %1 : vector<3x4xf32>
// CHECK-LABEL: func.func @write2d(%arg0: memref<5x6xf32>, %arg1: vector<3x4xf32>, %arg2: index) {
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %alloca = memref.alloca() : memref<vector<3x4xf32>>
// CHECK-NEXT: memref.store %arg1, %alloca[] : memref<vector<3x4xf32>>
// CHECK-NEXT: %0 = vector.type_cast %alloca : memref<vector<3x4xf32>> to memref<3xvector<4xf32>>
// CHECK-NEXT: scf.for %arg3 = %c0 to %c3 step %c1 {
// CHECK-NEXT: %1 = affine.apply #map(%arg3)[%arg2]
// CHECK-NEXT: %2 = memref.load %0[%arg3] : memref<3xvector<4xf32>>
// CHECK-NEXT: vector.transfer_write %2, %arg0[%1, %arg2] : vector<4xf32>, memref<5x6xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-LABEL: func.func @read1d_col(%arg0: memref<?x?xf32>, %arg1: index, %arg2: index) -> vector<4xf32> {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %cst = arith.constant dense<1.000000e+00> : vector<4xf32>
// CHECK-NEXT: %0 = scf.for %arg3 = %c0 to %c4 step %c1 iter_args(%arg4 = %cst) -> (vector<4xf32>) {
// CHECK-NEXT: %1 = affine.apply #map(%arg3)[%arg1]
// CHECK-NEXT: %dim = memref.dim %arg0, %c0 : memref<?x?xf32>
// CHECK-NEXT: %2 = affine.apply #map(%arg3)[%arg1]
// CHECK-NEXT: %3 = arith.cmpi sgt, %dim, %2 : index
// CHECK-NEXT: %4 = scf.if %3 -> (vector<4xf32>) {
// CHECK-NEXT: %5 = memref.load %arg0[%1, %arg2] : memref<?x?xf32>
// CHECK-NEXT: %6 = vector.insert %5, %arg4 [%arg3] : f32 into vector<4xf32>
// CHECK-NEXT: scf.yield %6 : vector<4xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg4 : vector<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield %4 : vector<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : vector<4xf32>
// CHECK-LABEL: func.func @write1d_col_mask(%arg0: memref<8x8xi32>, %arg1: vector<4xi32>, %arg2: vector<4xi1>, %arg3: index) {
// CHECK-NEXT: vector.transfer_write %arg1, %arg0[%arg3, %arg3], %arg2 : vector<4xi32>, memref<8x8xi32>
// CHECK-NEXT: return
// CHECK-LABEL: func.func @read1d_strided(%arg0: memref<8x8xf32, strided<[8, 2]>>, %arg1: index) -> vector<4xf32> {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %cst = arith.constant dense<0.000000e+00> : vector<4xf32>
// CHECK-NEXT: %0 = scf.for %arg2 = %c0 to %c4 step %c1 iter_args(%arg3 = %cst) -> (vector<4xf32>) {
// CHECK-NEXT: %1 = affine.apply #map(%arg2)[%arg1]
// CHECK-NEXT: %2 = memref.load %arg0[%arg1, %1] : memref<8x8xf32, strided<[8, 2]>>
// CHECK-NEXT: %3 = vector.insert %2, %arg3 [%arg2] : f32 into vector<4xf32>
// CHECK-NEXT: scf.yield %3 : vector<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : vector<4xf32>
// CHECK-LABEL: func.func @write3d(%arg0: memref<?x?x?xf16>, %arg1: vector<2x2x3xf16>, %arg2: index) {
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %alloca = memref.alloca() : memref<vector<2x2x3xf16>>
// CHECK-NEXT: memref.store %arg1, %alloca[] : memref<vector<2x2x3xf16>>
// CHECK-NEXT: %0 = vector.type_cast %alloca : memref<vector<2x2x3xf16>> to memref<2xvector<2x3xf16>>
// CHECK-NEXT: scf.for %arg3 = %c0 to %c2 step %c1 {
// CHECK-NEXT: %dim = memref.dim %arg0, %c0 : memref<?x?x?xf16>
// CHECK-NEXT: %1 = affine.apply #map(%arg3)[%arg2]
// CHECK-NEXT: %2 = arith.cmpi sgt, %dim, %1 : index
// CHECK-NEXT: scf.if %2 {
// CHECK-NEXT: %3 = affine.apply #map(%arg3)[%arg2]
// CHECK-NEXT: %4 = vector.type_cast %0 : memref<2xvector<2x3xf16>> to memref<2x2xvector<3xf16>>
// CHECK-NEXT: scf.for %arg4 = %c0 to %c2 step %c1 {
// CHECK-NEXT: %dim_0 = memref.dim %arg0, %c1 : memref<?x?x?xf16>
// CHECK-NEXT: %5 = affine.apply #map(%arg4)[%arg2]
// CHECK-NEXT: %6 = arith.cmpi sgt, %dim_0, %5 : index
// CHECK-NEXT: scf.if %6 {
// CHECK-NEXT: %7 = affine.apply #map(%arg4)[%arg2]
// CHECK-NEXT: %8 = memref.load %4[%arg3, %arg4] : memref<2x2xvector<3xf16>>
// CHECK-NEXT: vector.transfer_write %8, %arg0[%3, %7, %arg2] : vector<3xf16>, memref<?x?x?xf16>
// CHECK-NEXT: } else {
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: } else {
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-LABEL: func.func @read2d_mask(%arg0: memref<?x?xf32>, %arg1: vector<2x3xi1>, %arg2: index) -> vector<2x3xf32> {
// CHECK-NEXT: %cst = arith.constant dense<0.000000e+00> : vector<3xf32>
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %cst_0 = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %alloca = memref.alloca() : memref<vector<2x3xf32>>
// CHECK-NEXT: %alloca_1 = memref.alloca() : memref<vector<2x3xi1>>
// CHECK-NEXT: memref.store %arg1, %alloca_1[] : memref<vector<2x3xi1>>
// CHECK-NEXT: %0 = vector.type_cast %alloca : memref<vector<2x3xf32>> to memref<2xvector<3xf32>>
// CHECK-NEXT: %1 = vector.type_cast %alloca_1 : memref<vector<2x3xi1>> to memref<2xvector<3xi1>>
// CHECK-NEXT: scf.for %arg3 = %c0 to %c2 step %c1 {
// CHECK-NEXT: %dim = memref.dim %arg0, %c0 : memref<?x?xf32>
// CHECK-NEXT: %3 = affine.apply #map(%arg3)[%arg2]
// CHECK-NEXT: %4 = arith.cmpi sgt, %dim, %3 : index
// CHECK-NEXT: scf.if %4 {
// CHECK-NEXT: %5 = affine.apply #map(%arg3)[%arg2]
// CHECK-NEXT: %6 = memref.load %1[%arg3] : memref<2xvector<3xi1>>
// CHECK-NEXT: %7 = vector.transfer_read %arg0[%5, %arg2], %cst_0, %6 : memref<?x?xf32>, vector<3xf32>
// CHECK-NEXT: memref.store %7, %0[%arg3] : memref<2xvector<3xf32>>
// CHECK-NEXT: } else {
// CHECK-NEXT: memref.store %cst, %0[%arg3] : memref<2xvector<3xf32>>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: %2 = memref.load %alloca[] : memref<vector<2x3xf32>>
// CHECK-NEXT: return %2 : vector<2x3xf32>
// CHECK-LABEL: func.func @read3d_inbounds(%arg0: memref<4x5x6xf64>) -> vector<2x3x4xf64> {
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %alloca = memref.alloca() : memref<vector<2x3x4xf64>>
// CHECK-NEXT: %0 = vector.type_cast %alloca : memref<vector<2x3x4xf64>> to memref<2xvector<3x4xf64>>
// CHECK-NEXT: scf.for %arg1 = %c0 to %c2 step %c1 {
// CHECK-NEXT: %2 = vector.type_cast %0 : memref<2xvector<3x4xf64>> to memref<2x3xvector<4xf64>>
// CHECK-NEXT: scf.for %arg2 = %c0 to %c3 step %c1 {
// CHECK-NEXT: %3 = vector.transfer_read %arg0[%arg1, %arg2, %c0], %cst {in_bounds = [true]} : memref<4x5x6xf64>, vector<4xf64>
// CHECK-NEXT: memref.store %3, %2[%arg1, %arg2] : memref<2x3xvector<4xf64>>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: %1 = memref.load %alloca[] : memref<vector<2x3x4xf64>>
// CHECK-NEXT: return %1 : vector<2x3x4xf64>

func.func @read2d(%A: memref<?x?xf32>, %i: index, %j: index) -> vector<3x4xf32> {
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %A[%i, %j], %pad : memref<?x?xf32>, vector<3x4xf32>
  return %v : vector<3x4xf32>
}
func.func @write2d(%A: memref<5x6xf32>, %v: vector<3x4xf32>, %i: index) {
  vector.transfer_write %v, %A[%i, %i] {in_bounds = [true, false]} : vector<3x4xf32>, memref<5x6xf32>
  return
}
func.func @read1d_col(%A: memref<?x?xf32>, %i: index, %j: index) -> vector<4xf32> {
  %pad = arith.constant 1.0 : f32
  %v = vector.transfer_read %A[%i, %j], %pad {permutation_map = affine_map<(d0, d1) -> (d0)>} : memref<?x?xf32>, vector<4xf32>
  return %v : vector<4xf32>
}
func.func @write1d_col_mask(%A: memref<8x8xi32>, %v: vector<4xi32>, %m: vector<4xi1>, %i: index) {
  vector.transfer_write %v, %A[%i, %i], %m : vector<4xi32>, memref<8x8xi32>
  return
}
func.func @read1d_strided(%A: memref<8x8xf32, strided<[8, 2]>>, %i: index) -> vector<4xf32> {
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %A[%i, %i], %pad {in_bounds = [true]} : memref<8x8xf32, strided<[8, 2]>>, vector<4xf32>
  return %v : vector<4xf32>
}
func.func @write3d(%A: memref<?x?x?xf16>, %v: vector<2x2x3xf16>, %i: index) {
  vector.transfer_write %v, %A[%i, %i, %i] : vector<2x2x3xf16>, memref<?x?x?xf16>
  return
}
func.func @read2d_mask(%A: memref<?x?xf32>, %m: vector<2x3xi1>, %i: index) -> vector<2x3xf32> {
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %A[%i, %i], %pad, %m : memref<?x?xf32>, vector<2x3xf32>
  return %v : vector<2x3xf32>
}
func.func @read3d_inbounds(%A: memref<4x5x6xf64>) -> vector<2x3x4xf64> {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f64
  %v = vector.transfer_read %A[%c0, %c0, %c0], %pad {in_bounds = [true, true, true]} : memref<4x5x6xf64>, vector<2x3x4xf64>
  return %v : vector<2x3x4xf64>
}
