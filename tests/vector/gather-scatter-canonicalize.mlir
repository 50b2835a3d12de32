// RUN: strata-opt --canonicalize %s | FileCheck %s

// Canonicalization of vector.gather and vector.scatter: an all-false mask
// (constant, constant_mask, create_mask of a zero size) drops the access,
// a 0, 1, 2, ... index vector (constant or vector.step, fixed 1-D) on a
// memref turns it into vector.maskedload or vector.maskedstore.

func.func @g_false(%base: memref<?xf32>, %v: vector<4xi32>, %p: vector<4xf32>, %i: index) -> vector<4xf32> {
  %m = arith.constant dense<false> : vector<4xi1>
  %0 = vector.gather %base[%i][%v], %m, %p : memref<?xf32>, vector<4xi32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  return %0 : vector<4xf32>
}
func.func @g_cmask(%base: memref<?xf32>, %v: vector<4xi32>, %p: vector<4xf32>, %i: index) -> vector<4xf32> {
  %m = vector.constant_mask [0] : vector<4xi1>
  %0 = vector.gather %base[%i][%v], %m, %p : memref<?xf32>, vector<4xi32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  return %0 : vector<4xf32>
}
func.func @g_true(%base: memref<?xf32>, %v: vector<4xi32>, %p: vector<4xf32>, %i: index) -> vector<4xf32> {
  %m = arith.constant dense<true> : vector<4xi1>
  %0 = vector.gather %base[%i][%v], %m, %p : memref<?xf32>, vector<4xi32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  return %0 : vector<4xf32>
}
func.func @g_contig(%base: memref<?xf32>, %m: vector<4xi1>, %p: vector<4xf32>, %i: index) -> vector<4xf32> {
  %v = arith.constant dense<[0, 1, 2, 3]> : vector<4xi32>
  %0 = vector.gather %base[%i][%v], %m, %p : memref<?xf32>, vector<4xi32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  return %0 : vector<4xf32>
}
func.func @g_step(%base: memref<?xf32>, %m: vector<4xi1>, %p: vector<4xf32>, %i: index) -> vector<4xf32> {
  %v = vector.step : vector<4xindex>
  %0 = vector.gather %base[%i][%v], %m, %p {alignment = 8} : memref<?xf32>, vector<4xindex>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  return %0 : vector<4xf32>
}
func.func @g_contig_t(%base: tensor<?xf32>, %m: vector<4xi1>, %p: vector<4xf32>, %i: index) -> vector<4xf32> {
  %v = arith.constant dense<[0, 1, 2, 3]> : vector<4xi32>
  %0 = vector.gather %base[%i][%v], %m, %p : tensor<?xf32>, vector<4xi32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  return %0 : vector<4xf32>
}
func.func @s_false(%base: memref<?xf32>, %v: vector<4xi32>, %p: vector<4xf32>, %i: index) {
  %m = arith.constant dense<false> : vector<4xi1>
  vector.scatter %base[%i][%v], %m, %p : memref<?xf32>, vector<4xi32>, vector<4xi1>, vector<4xf32>
  return
}
func.func @s_false_t(%base: tensor<?xf32>, %v: vector<4xi32>, %p: vector<4xf32>, %i: index) -> tensor<?xf32> {
  %m = arith.constant dense<false> : vector<4xi1>
  %0 = vector.scatter %base[%i][%v], %m, %p : tensor<?xf32>, vector<4xi32>, vector<4xi1>, vector<4xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func @s_contig(%base: memref<?xf32>, %m: vector<4xi1>, %p: vector<4xf32>, %i: index) {
  %v = vector.step : vector<4xindex>
  vector.scatter %base[%i][%v], %m, %p : memref<?xf32>, vector<4xindex>, vector<4xi1>, vector<4xf32>
  return
}
func.func @g_2d_contig(%base: memref<?xf32>, %m: vector<2x2xi1>, %p: vector<2x2xf32>, %i: index) -> vector<2x2xf32> {
  %v = arith.constant dense<[[0, 1], [2, 3]]> : vector<2x2xi32>
  %0 = vector.gather %base[%i][%v], %m, %p : memref<?xf32>, vector<2x2xi32>, vector<2x2xi1>, vector<2x2xf32> into vector<2x2xf32>
  return %0 : vector<2x2xf32>
}
func.func @g_create0(%base: memref<?xf32>, %v: vector<4xi32>, %p: vector<4xf32>, %i: index, %n: index) -> vector<4xf32> {
  %c0 = arith.constant 0 : index
  %m = vector.create_mask %c0 : vector<4xi1>
  %0 = vector.gather %base[%i][%v], %m, %p : memref<?xf32>, vector<4xi32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  return %0 : vector<4xf32>
}
func.func @g_mixed(%base: memref<?xf32>, %v: vector<4xi32>, %p: vector<4xf32>, %i: index) -> vector<4xf32> {
  %m = arith.constant dense<[false, true, false, false]> : vector<4xi1>
  %0 = vector.gather %base[%i][%v], %m, %p : memref<?xf32>, vector<4xi32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  return %0 : vector<4xf32>
}
func.func @g_i64(%base: memref<4x?xf32>, %m: vector<3xi1>, %p: vector<3xf32>, %i: index) -> vector<3xf32> {
  %v = arith.constant dense<[0, 1, 2]> : vector<3xi64>
  %0 = vector.gather %base[%i, %i][%v], %m, %p : memref<4x?xf32>, vector<3xi64>, vector<3xi1>, vector<3xf32> into vector<3xf32>
  return %0 : vector<3xf32>
}
func.func @g_noncontig(%base: memref<?xf32>, %m: vector<3xi1>, %p: vector<3xf32>, %i: index) -> vector<3xf32> {
  %v = arith.constant dense<[1, 2, 3]> : vector<3xi64>
  %0 = vector.gather %base[%i][%v], %m, %p : memref<?xf32>, vector<3xi64>, vector<3xi1>, vector<3xf32> into vector<3xf32>
  return %0 : vector<3xf32>
}
func.func @g_scal(%base: memref<?xf32>, %m: vector<[4]xi1>, %p: vector<[4]xf32>, %i: index) -> vector<[4]xf32> {
  %v = vector.step : vector<[4]xindex>
  %0 = vector.gather %base[%i][%v], %m, %p : memref<?xf32>, vector<[4]xindex>, vector<[4]xi1>, vector<[4]xf32> into vector<[4]xf32>
  return %0 : vector<[4]xf32>
}
func.func @s_tensor_contig(%base: tensor<?xf32>, %m: vector<4xi1>, %p: vector<4xf32>, %i: index) -> tensor<?xf32> {
  %v = vector.step : vector<4xindex>
  %0 = vector.scatter %base[%i][%v], %m, %p : tensor<?xf32>, vector<4xindex>, vector<4xi1>, vector<4xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func @s_cmask(%base: memref<?x?xf32>, %v: vector<2x4xi32>, %p: vector<2x4xf32>, %i: index) {
  %m = vector.constant_mask [0, 0] : vector<2x4xi1>
  vector.scatter %base[%i, %i][%v], %m, %p : memref<?x?xf32>, vector<2x4xi32>, vector<2x4xi1>, vector<2x4xf32>
  return
}

// CHECK-LABEL: func.func @g_false
// CHECK-NEXT: return %arg2 : vector<4xf32>
// CHECK-LABEL: func.func @g_cmask
// CHECK-NEXT: return %arg2 : vector<4xf32>
// CHECK-LABEL: func.func @g_true
// CHECK-NEXT: %cst = arith.constant dense<true> : vector<4xi1>
// CHECK-NEXT: %0 = vector.gather %arg0[%arg3] [%arg1], %cst, %arg2 : memref<?xf32>, vector<4xi32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
// CHECK-NEXT: return %0 : vector<4xf32>
// CHECK-LABEL: func.func @g_contig
// CHECK-NEXT: %0 = vector.maskedload %arg0[%arg3], %arg1, %arg2 : memref<?xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
// CHECK-NEXT: return %0 : vector<4xf32>
// CHECK-LABEL: func.func @g_step
// CHECK-NEXT: %0 = vector.maskedload %arg0[%arg3], %arg1, %arg2 : memref<?xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
// CHECK-NEXT: return %0 : vector<4xf32>
// CHECK-LABEL: func.func @g_contig_t
// CHECK-NEXT: %cst = arith.constant dense<[0, 1, 2, 3]> : vector<4xi32>
// CHECK-NEXT: %0 = vector.gather %arg0[%arg3] [%cst], %arg1, %arg2 : tensor<?xf32>, vector<4xi32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
// CHECK-NEXT: return %0 : vector<4xf32>
// CHECK-LABEL: func.func @s_false
// CHECK-NEXT: return
// CHECK-LABEL: func.func @s_false_t
// CHECK-NEXT: return %arg0 : tensor<?xf32>
// CHECK-LABEL: func.func @s_contig
// CHECK-NEXT: vector.maskedstore %arg0[%arg3], %arg1, %arg2 : memref<?xf32>, vector<4xi1>, vector<4xf32>
// CHECK-NEXT: return
// CHECK-LABEL: func.func @g_2d_contig
// CHECK-NEXT: %cst = arith.constant dense<{{\[\[}}0, 1], [2, 3]]> : vector<2x2xi32>
// CHECK-NEXT: %0 = vector.gather %arg0[%arg3] [%cst], %arg1, %arg2 : memref<?xf32>, vector<2x2xi32>, vector<2x2xi1>, vector<2x2xf32> into vector<2x2xf32>
// CHECK-NEXT: return %0 : vector<2x2xf32>
// CHECK-LABEL: func.func @g_create0
// CHECK-NEXT: return %arg2 : vector<4xf32>
// CHECK-LABEL: func.func @g_mixed
// CHECK-NEXT: %cst = arith.constant dense<[false, true, false, false]> : vector<4xi1>
// CHECK-NEXT: %0 = vector.gather %arg0[%arg3] [%arg1], %cst, %arg2 : memref<?xf32>, vector<4xi32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
// CHECK-NEXT: return %0 : vector<4xf32>
// CHECK-LABEL: func.func @g_i64
// CHECK-NEXT: %0 = vector.maskedload %arg0[%arg3, %arg3], %arg1, %arg2 : memref<4x?xf32>, vector<3xi1>, vector<3xf32> into vector<3xf32>
// CHECK-NEXT: return %0 : vector<3xf32>
// CHECK-LABEL: func.func @g_noncontig
// CHECK-NEXT: %cst = arith.constant dense<[1, 2, 3]> : vector<3xi64>
// CHECK-NEXT: %0 = vector.gather %arg0[%arg3] [%cst], %arg1, %arg2 : memref<?xf32>, vector<3xi64>, vector<3xi1>, vector<3xf32> into vector<3xf32>
// CHECK-NEXT: return %0 : vector<3xf32>
// CHECK-LABEL: func.func @g_scal
// CHECK-NEXT: %0 = vector.step : vector<[4]xindex>
// CHECK-NEXT: %1 = vector.gather %arg0[%arg3] [%0], %arg1, %arg2 : memref<?xf32>, vector<[4]xindex>, vector<[4]xi1>, vector<[4]xf32> into vector<[4]xf32>
// CHECK-NEXT: return %1 : vector<[4]xf32>
// CHECK-LABEL: func.func @s_tensor_contig
// CHECK-NEXT: %0 = vector.step : vector<4xindex>
// CHECK-NEXT: %1 = vector.scatter %arg0[%arg3] [%0], %arg1, %arg2 : tensor<?xf32>, vector<4xindex>, vector<4xi1>, vector<4xf32> -> tensor<?xf32>
// CHECK-NEXT: return %1 : tensor<?xf32>
// CHECK-LABEL: func.func @s_cmask
// CHECK-NEXT: return
