// RUN: strata-opt --canonicalize %s | FileCheck %s

// linalg.generic and the named operations fold a memref.cast of a ranked
// memref into their operands; linalg.map, reduce, transpose and broadcast
// do not (as upstream, which gives them no folder).
// CHECK-LABEL: func.func @f
// CHECK: linalg.fill ins(%arg2 : f32) outs(%arg0 : memref<4x4xf32>)
// CHECK: linalg.matmul ins(%arg0, %arg0 : memref<4x4xf32>, memref<4x4xf32>) outs(%arg0 : memref<4x4xf32>)
// CHECK: linalg.transpose ins(%cast : memref<?x?xf32>)
// CHECK: linalg.broadcast ins(%cast_0 : memref<?xf32>)
// CHECK: linalg.map ins(%cast : memref<?x?xf32>)
// CHECK: linalg.reduce ins(%cast : memref<?x?xf32>)
// CHECK: linalg.generic {{.*}} outs(%arg1 : memref<4xf32>)
func.func @f(%a: memref<4x4xf32>, %b: memref<4xf32>, %f: f32) {
  %c = memref.cast %a : memref<4x4xf32> to memref<?x?xf32>
  %v = memref.cast %b : memref<4xf32> to memref<?xf32>
  linalg.fill ins(%f : f32) outs(%c : memref<?x?xf32>)
  linalg.copy ins(%c : memref<?x?xf32>) outs(%c : memref<?x?xf32>)
  linalg.matmul ins(%c, %c : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>)
  linalg.transpose ins(%c : memref<?x?xf32>) outs(%c : memref<?x?xf32>) permutation = [1, 0]
  linalg.broadcast ins(%v : memref<?xf32>) outs(%c : memref<?x?xf32>) dimensions = [1]
  linalg.map ins(%c : memref<?x?xf32>) outs(%c : memref<?x?xf32>) (%x: f32, %o: f32) { linalg.yield %x : f32 }
  linalg.reduce ins(%c : memref<?x?xf32>) outs(%v : memref<?xf32>) dimensions = [1] (%x: f32, %y: f32) { %s = arith.addf %x, %y : f32
    linalg.yield %s : f32 }
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%v : memref<?xf32>) { ^bb0(%o: f32): linalg.yield %f : f32 }
  return
}
