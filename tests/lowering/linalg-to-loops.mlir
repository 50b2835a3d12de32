// RUN: strata-opt --convert-linalg-to-loops %s | FileCheck %s

// CHECK-LABEL: func.func @mm
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.for
// CHECK: memref.load
// CHECK: arith.mulf
// CHECK: memref.store
func.func @mm(%a: memref<4x3xf32>, %b: memref<3x5xf32>, %c: memref<4x5xf32>) {
  linalg.matmul ins(%a, %b : memref<4x3xf32>, memref<3x5xf32>) outs(%c : memref<4x5xf32>)
  return
}
func.func @g(%a: memref<?x8xf32>, %s: f32, %c: memref<?x8xf32>) {
  %cst = arith.constant 2.0 : f32
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> (d1, d0)>], iterator_types = ["parallel", "parallel"]} ins(%a, %s : memref<?x8xf32>, f32) outs(%c : memref<?x8xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %i = linalg.index 1 : index
    %0 = arith.addf %x, %y : f32
    %1 = arith.mulf %0, %cst : f32
    linalg.yield %1 : f32
  }
  linalg.fill ins(%s : f32) outs(%c : memref<?x8xf32>)
  return
}

// CHECK-LABEL: func.func @red
// CHECK: memref.dim
func.func @red(%a: memref<?x4xf32>, %o: memref<?xf32>) {
  linalg.reduce ins(%a : memref<?x4xf32>) outs(%o : memref<?xf32>) dimensions = [1]
    (%x: f32, %y: f32) {
      %s = arith.addf %x, %y : f32
      linalg.yield %s : f32
    }
  linalg.transpose ins(%a : memref<?x4xf32>) outs(%a : memref<?x4xf32>) permutation = [0, 1]
  return
}
