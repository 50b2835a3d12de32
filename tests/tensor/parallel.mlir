// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt --canonicalize %s | FileCheck %s --check-prefix=CANON

// tensor.parallel_insert_slice inside scf.forall.in_parallel; constant
// offsets and sizes become static, and the cast of the source goes before
// the terminator.

// CHECK-LABEL: func.func @parallel
// CHECK: tensor.parallel_insert_slice %arg1 into %arg3[%c0] [%c2] [1] : tensor<?xf32> into tensor<8xf32>
// CANON-LABEL: func.func @parallel
// CANON-NEXT: %0 = scf.forall (%arg2) in (4) shared_outs(%arg3 = %arg0) -> (tensor<8xf32>) {
// CANON-NEXT:   %cast = tensor.cast %arg1 : tensor<?xf32> to tensor<2xf32>
// CANON-NEXT:   scf.forall.in_parallel {
// CANON-NEXT:     tensor.parallel_insert_slice %cast into %arg3[0] [2] [1] : tensor<2xf32> into tensor<8xf32>
func.func @parallel(%t: tensor<8xf32>, %s: tensor<?xf32>) -> tensor<8xf32> {
  %r = scf.forall (%i) in (4) shared_outs(%o = %t) -> (tensor<8xf32>) {
    %c2 = arith.constant 2 : index
    %c0 = arith.constant 0 : index
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%c0] [%c2] [1] : tensor<?xf32> into tensor<8xf32>
    }
  }
  return %r : tensor<8xf32>
}
