// RUN: strata-opt --canonicalize %s | FileCheck %s

// A constant dynamic position of vector.extract or vector.insert becomes
// static only when it lies within the dimension it indexes (or is the
// poison position -1): a static position out of bounds would not verify.

// CHECK-LABEL: func.func @out_of_bounds
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C7:.*]] = arith.constant 7 : index
// CHECK: %[[X:.*]] = vector.insert %arg1, %arg0 [%[[C1]], 2] : f32 into vector<1x4xf32>
// CHECK: %[[E:.*]] = vector.extract %arg0[0, %[[C7]]] : f32 from vector<1x4xf32>
// CHECK: return %[[X]], %[[E]]
func.func @out_of_bounds(%w: vector<1x4xf32>, %a: f32) -> (vector<1x4xf32>, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c7 = arith.constant 7 : index
  %x = vector.insert %a, %w[%c1, %c2] : f32 into vector<1x4xf32>
  %e = vector.extract %w[%c0, %c7] : f32 from vector<1x4xf32>
  return %x, %e : vector<1x4xf32>, f32
}

// CHECK-LABEL: func.func @poison_constant
// CHECK: %[[P:.*]] = ub.poison : f32
// CHECK: return %[[P]]
func.func @poison_constant(%w: vector<1x4xf32>) -> f32 {
  %m1 = arith.constant -1 : index
  %c0 = arith.constant 0 : index
  %e = vector.extract %w[%c0, %m1] : f32 from vector<1x4xf32>
  return %e : f32
}
