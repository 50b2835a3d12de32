// RUN: strata-opt --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(cse))' %s | FileCheck %s

// Identical affine.apply, affine.min and affine.max are pure and merge;
// loads do not merge across a store.
// CHECK-LABEL: func.func @merge
// CHECK: %0 = affine.apply #{{.*}}(%arg0)
// CHECK-NEXT: %1 = affine.min #{{.*}}(%0)[%arg1]
// CHECK-NEXT: "test.use"(%0, %0, %1, %1) : (index, index, index, index) -> ()
func.func @merge(%a: index, %n: index) {
  %0 = affine.apply affine_map<(d0) -> (d0 * 3)>(%a)
  %1 = affine.apply affine_map<(d0) -> (d0 * 3)>(%a)
  %2 = affine.min affine_map<(d0)[s0] -> (d0, s0)>(%0)[%n]
  %3 = affine.min affine_map<(d0)[s0] -> (d0, s0)>(%0)[%n]
  "test.use"(%0, %1, %2, %3) : (index, index, index, index) -> ()
  return
}

// CHECK-LABEL: func.func @loads
// CHECK: affine.load
// CHECK: affine.store
// CHECK: affine.load
func.func @loads(%m: memref<4xf32>, %x: f32) -> (f32, f32) {
  %c1 = arith.constant 1 : index
  %0 = affine.load %m[symbol(%c1)] : memref<4xf32>
  affine.store %x, %m[symbol(%c1)] : memref<4xf32>
  %1 = affine.load %m[symbol(%c1)] : memref<4xf32>
  return %0, %1 : f32, f32
}
