// RUN: strata-opt --linalg-to-tile=target=sm_90a %s | FileCheck %s
// NO-DIFF: linalg-to-tile is Strata's own pass.

// RMSNorm (square, row sum, rsqrt of the mean plus epsilon, scale by the
// weights) becomes one row kernel: x and the weights are loaded once.

// CHECK-LABEL: tile.func @rmsnorm_kernel0(%arg0: memref<7x13xf32>, %arg1: memref<13xf32>, %arg2: memref<7x13xf32>) grid [parallel]
// CHECK: %[[X:.*]] = tile.load %{{.*}}[%{{.*}}, %{{.*}}] pad zero : !tile.view<7x13xf32> -> tensor<16x16xf32>
// CHECK-NEXT: arith.mulf %[[X]], %[[X]] : tensor<16x16xf32>
// CHECK-NOT: tile.load %{{.*}} !tile.view<7x13xf32>
// CHECK: tile.reduce sum %{{.*}} dim 1 : tensor<16x16xf32> -> tensor<16xf32>
// CHECK: tile.load %{{.*}}[%{{.*}}] pad zero : !tile.view<13xf32> -> tensor<16xf32>
// CHECK: math.rsqrt %{{.*}} : tensor<16x16xf32>
// CHECK: arith.mulf %[[X]], %{{.*}} : tensor<16x16xf32>
// CHECK: tile.store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] bounds_check : tensor<16x16xf32>, !tile.view<7x13xf32>
// CHECK-NEXT: tile.return
// CHECK-NOT: tile.func
// CHECK-LABEL: func.func @rmsnorm(
// CHECK-NOT: linalg.
// CHECK: tile.launch @rmsnorm_kernel0
// CHECK-NOT: tile.launch

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @rmsnorm(%x: tensor<7x13xf32>, %gamma: tensor<13xf32>) -> tensor<7x13xf32> {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 13.0 : f32
  %eps = arith.constant 1.0e-6 : f32
  %rows = tensor.empty() : tensor<7xf32>
  %z = linalg.fill ins(%zero : f32) outs(%rows : tensor<7xf32>) -> tensor<7xf32>
  %sq = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<7x13xf32>) outs(%z : tensor<7xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %v2 = arith.mulf %v, %v : f32
    %a = arith.addf %acc, %v2 : f32
    linalg.yield %a : f32
  } -> tensor<7xf32>
  %e = tensor.empty() : tensor<7x13xf32>
  %y = linalg.generic {indexing_maps = [#id, #row, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %sq, %gamma : tensor<7x13xf32>, tensor<7xf32>, tensor<13xf32>)
      outs(%e : tensor<7x13xf32>) {
  ^bb0(%v: f32, %s: f32, %g: f32, %out: f32):
    %ms = arith.divf %s, %n : f32
    %me = arith.addf %ms, %eps : f32
    %inv = math.rsqrt %me : f32
    %nrm = arith.mulf %v, %inv : f32
    %r = arith.mulf %nrm, %g : f32
    linalg.yield %r : f32
  } -> tensor<7x13xf32>
  return %y : tensor<7x13xf32>
}
