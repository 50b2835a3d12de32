// RUN: strata-opt --lower-vector-mask %s | FileCheck %s

// lower-vector-mask folds the mask of a vector.mask into the transfer it
// masks; a read with a passthru stays (its vector passthru is no scalar
// padding), an empty mask with a passthru becomes an arith.select, and a
// masked reduction stays for convert-vector-to-llvm.

// CHECK-LABEL: func.func @r
// CHECK: %0 = vector.transfer_read %arg0[%arg1], %cst, %arg2 {in_bounds = [true]} : memref<?xf32>, vector<8xf32>
// CHECK-LABEL: func.func @rp
// CHECK: %0 = vector.transfer_read %arg0[%arg1, %arg1], %cst, %arg2 {permutation_map = #map} : memref<?x?xf32>, vector<8x4xf32>
// CHECK-LABEL: func.func @pt
// CHECK: %0 = vector.mask %arg2, %arg3 { vector.transfer_read
// CHECK-LABEL: func.func @w
// CHECK-NEXT: vector.transfer_write %arg3, %arg0[%arg1], %arg2 {in_bounds = [true]} : vector<8xf32>, memref<?xf32>
// CHECK-LABEL: func.func @wt
// CHECK-NEXT: %0 = vector.transfer_write %arg3, %arg0[%arg1], %arg2 : vector<8xf32>, tensor<?xf32>
// CHECK-LABEL: func.func @empty
// CHECK-NEXT: %0 = arith.select %arg0, %arg1, %arg2 : vector<8xi1>, vector<8xf32>
// CHECK-NEXT: %1 = vector.mask %arg0 { vector.reduction <add>, %arg1 : vector<8xf32> into f32 } : vector<8xi1> -> f32
func.func @r(%m: memref<?xf32>, %i: index, %k: vector<8xi1>) -> vector<8xf32> {
  %f = arith.constant 0.0 : f32
  %0 = vector.mask %k { vector.transfer_read %m[%i], %f {in_bounds = [true]} : memref<?xf32>, vector<8xf32> } : vector<8xi1> -> vector<8xf32>
  return %0 : vector<8xf32>
}
func.func @rp(%m: memref<?x?xf32>, %i: index, %k: vector<4x8xi1>) -> vector<8x4xf32> {
  %f = arith.constant 0.0 : f32
  %0 = vector.mask %k { vector.transfer_read %m[%i, %i], %f {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<?x?xf32>, vector<8x4xf32> } : vector<4x8xi1> -> vector<8x4xf32>
  return %0 : vector<8x4xf32>
}
func.func @pt(%m: memref<?xf32>, %i: index, %k: vector<8xi1>, %p: vector<8xf32>) -> vector<8xf32> {
  %f = arith.constant 0.0 : f32
  %0 = vector.mask %k, %p { vector.transfer_read %m[%i], %f : memref<?xf32>, vector<8xf32> } : vector<8xi1> -> vector<8xf32>
  return %0 : vector<8xf32>
}
func.func @w(%m: memref<?xf32>, %i: index, %k: vector<8xi1>, %v: vector<8xf32>) {
  vector.mask %k { vector.transfer_write %v, %m[%i] {in_bounds = [true]} : vector<8xf32>, memref<?xf32> } : vector<8xi1>
  return
}
func.func @wt(%t: tensor<?xf32>, %i: index, %k: vector<8xi1>, %v: vector<8xf32>) -> tensor<?xf32> {
  %c = arith.constant 0 : index
  %c2 = arith.constant 0 : index
  %0 = vector.mask %k { vector.transfer_write %v, %t[%i] : vector<8xf32>, tensor<?xf32> } : vector<8xi1> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func @empty(%k: vector<8xi1>, %v: vector<8xf32>, %p: vector<8xf32>) -> (vector<8xf32>, f32) {
  %0 = vector.mask %k, %p { vector.yield %v : vector<8xf32> } : vector<8xi1> -> vector<8xf32>
  %1 = vector.mask %k { vector.reduction <add>, %v : vector<8xf32> into f32 } : vector<8xi1> -> f32
  return %0, %1 : vector<8xf32>, f32
}
