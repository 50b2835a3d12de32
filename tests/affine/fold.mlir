// RUN: strata-opt --allow-unregistered-dialect --sccp %s | FileCheck %s

// affine.apply, affine.min and affine.max of constants fold, and are
// materialized as arith.constant.
// CHECK-LABEL: func.func @fold
// CHECK: %c9 = arith.constant 9 : index
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %c7 = arith.constant 7 : index
// CHECK: %0 = affine.apply #{{.*}}(%arg0)
// CHECK-NEXT: "test.use"(%c7, %c3, %c9, %0) : (index, index, index, index) -> ()
func.func @fold(%a: index) {
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %0 = affine.apply affine_map<(d0)[s0] -> (d0 + s0)>(%c2)[%c5]
  %1 = affine.min affine_map<(d0, d1) -> (d0 + 1, d1, 9)>(%c2, %c5)
  %2 = affine.max affine_map<(d0) -> (d0, 9)>(%c5)
  %3 = affine.apply affine_map<(d0) -> (d0)>(%a)
  "test.use"(%0, %1, %2, %3) : (index, index, index, index) -> ()
  return
}

