// RUN: strata-opt --canonicalize %s | FileCheck %s

// The constant bounds and steps of an scf.forall move into its static lists.
// CHECK-LABEL: func.func @f
// CHECK-NOT: arith.constant {{.*}} : index
// CHECK: scf.forall (%arg2) in (512) {
// CHECK: scf.forall (%arg2, %arg3) = (0, %arg1) to (512, 512) step (2, %arg1) {
func.func @f(%m: memref<?xf32>, %n: index) {
  %c512 = arith.constant 512 : index
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %f = arith.constant 1.0 : f32
  scf.forall (%i) in (%c512) {
    memref.store %f, %m[%i] : memref<?xf32>
  }
  scf.forall (%i, %j) = (%c0, %n) to (%c512, %c512) step (%c2, %n) {
    memref.store %f, %m[%j] : memref<?xf32>
  }
  return
}
