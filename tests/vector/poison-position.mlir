// RUN: strata-opt --canonicalize %s | FileCheck %s
// RUN: strata-opt --convert-vector-to-llvm %s | FileCheck %s --check-prefix=LLVM

// An extract or insert at a poison position (-1), or an extract from a
// poison vector, folds to ub.poison, also while converting to the llvm
// dialect (which would otherwise index an aggregate at -1).

// CHECK-LABEL: func.func @poison_positions
// CHECK: %[[E:.*]] = ub.poison : f32
// CHECK: %[[P:.*]] = ub.poison : vector<2x4xf32>
// CHECK: %[[Y:.*]] = vector.insert %arg1, %arg0 [1, %arg2] : f32 into vector<2x4xf32>
// CHECK: return %[[P]], %[[Y]], %arg3, %[[E]], %[[E]]
// LLVM-LABEL: func.func @poison_positions
// LLVM-NOT: [-1]
// LLVM: return
func.func @poison_positions(%w: vector<2x4xf32>, %a: f32, %i: index, %v: vector<2x4xf32>) -> (vector<2x4xf32>, vector<2x4xf32>, vector<2x4xf32>, f32, f32) {
  %c1 = arith.constant 1 : index
  %x = vector.insert %a, %w[-1, %i] : f32 into vector<2x4xf32>
  %y = vector.insert %a, %w[%c1, %i] : f32 into vector<2x4xf32>
  %z = vector.insert %v, %w[] : vector<2x4xf32> into vector<2x4xf32>
  %p = ub.poison : vector<2x4xf32>
  %e = vector.extract %p[0, 1] : f32 from vector<2x4xf32>
  %f = vector.extract %w[-1, %i] : f32 from vector<2x4xf32>
  return %x, %y, %z, %e, %f : vector<2x4xf32>, vector<2x4xf32>, vector<2x4xf32>, f32, f32
}
