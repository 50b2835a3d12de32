// RUN: strata-opt --canonicalize %s | FileCheck %s

// Structured operations on a memref with a zero-sized dimension run no
// iteration and are erased; tensors of size 0 are kept.
// CHECK-LABEL: func.func @erase_dead
// CHECK-NOT: linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : memref
// CHECK: linalg.fill ins(%arg2 : f32) outs(%arg1 : tensor<0xf32>) -> tensor<0xf32>
func.func @erase_dead(%m: memref<0x4xf32>, %t: tensor<0xf32>, %f: f32) -> tensor<0xf32> {
  linalg.fill ins(%f : f32) outs(%m : memref<0x4xf32>)
  %0 = linalg.fill ins(%f : f32) outs(%t : tensor<0xf32>) -> tensor<0xf32>
  return %0 : tensor<0xf32>
}

// A generic that yields its input through identical maps is its input.
// CHECK-LABEL: func.func @identity
// CHECK-NEXT: return %arg0 : tensor<4x8xf32>
func.func @identity(%x: tensor<4x8xf32>, %y: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4x8xf32>) outs(%y : tensor<4x8xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  } -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// A copy of a buffer to itself does nothing.
// CHECK-LABEL: func.func @self_copy
// CHECK-NEXT: return
func.func @self_copy(%m: memref<4xf32>) {
  linalg.copy ins(%m : memref<4xf32>) outs(%m : memref<4xf32>)
  return
}

// Transposes and generics that compute are kept.
// CHECK-LABEL: func.func @kept
// CHECK: linalg.generic
// CHECK: arith.addf
func.func @kept(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
                       iterator_types = ["parallel"]}
      ins(%x : tensor<4xf32>) outs(%y : tensor<4xf32>) {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
