// RUN: strata-opt --linalg-to-tile=target=sm_90a %s | FileCheck %s
// NO-DIFF: linalg-to-tile is Strata's own pass.

// Layernorm (a row sum, the centered values, the sum of their squares and
// the normalization with gamma and beta) becomes one row kernel: x,
// gamma and beta are loaded once each, both reductions and the epilogue
// stay in registers.

// CHECK-LABEL: tile.func @layernorm_kernel0(%arg0: memref<4x6xf32>, %arg1: memref<6xf32>, %arg2: memref<6xf32>, %arg3: memref<4x6xf32>) grid [parallel]
// CHECK: %[[X:.*]] = tile.load %{{.*}}[%{{.*}}, %{{.*}}] pad zero : !tile.view<4x6xf32> -> tensor<16x8xf32>
// CHECK-NOT: tile.load %{{.*}} !tile.view<4x6xf32>
// CHECK: tile.reduce sum %{{.*}} dim 1 : tensor<16x8xf32> -> tensor<16xf32>
// CHECK: arith.subf %[[X]], %{{.*}} : tensor<16x8xf32>
// CHECK: tile.reduce sum %{{.*}} dim 1 : tensor<16x8xf32> -> tensor<16xf32>
// CHECK: tile.load %{{.*}}[%{{.*}}] pad zero : !tile.view<6xf32> -> tensor<8xf32>
// CHECK: tile.load %{{.*}}[%{{.*}}] pad zero : !tile.view<6xf32> -> tensor<8xf32>
// CHECK: math.rsqrt %{{.*}} : tensor<16x8xf32>
// CHECK: tile.store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] bounds_check : tensor<16x8xf32>, !tile.view<4x6xf32>
// CHECK-NEXT: tile.return
// CHECK-NOT: tile.func
// CHECK-LABEL: func.func @layernorm(
// CHECK-NOT: linalg.
// CHECK: tile.launch @layernorm_kernel0
// CHECK-NOT: tile.launch

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @layernorm(%x: tensor<4x6xf32>, %gamma: tensor<6xf32>, %beta: tensor<6xf32>) -> tensor<4x6xf32> {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 6.0 : f32
  %eps = arith.constant 1.0e-5 : f32
  %rows = tensor.empty() : tensor<4xf32>
  %z = linalg.fill ins(%zero : f32) outs(%rows : tensor<4xf32>) -> tensor<4xf32>
  %sum = linalg.reduce ins(%x : tensor<4x6xf32>) outs(%z : tensor<4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %e = tensor.empty() : tensor<4x6xf32>
  // Centered values: x - sum / n.
  %cent = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %sum : tensor<4x6xf32>, tensor<4xf32>) outs(%e : tensor<4x6xf32>) {
  ^bb0(%v: f32, %s: f32, %out: f32):
    %mean = arith.divf %s, %n : f32
    %c = arith.subf %v, %mean : f32
    linalg.yield %c : f32
  } -> tensor<4x6xf32>
  %sq = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%cent : tensor<4x6xf32>) outs(%z : tensor<4xf32>) {
  ^bb0(%c: f32, %acc: f32):
    %c2 = arith.mulf %c, %c : f32
    %a = arith.addf %acc, %c2 : f32
    linalg.yield %a : f32
  } -> tensor<4xf32>
  %y = linalg.generic {indexing_maps = [#id, #row, #col, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%cent, %sq, %gamma, %beta : tensor<4x6xf32>, tensor<4xf32>, tensor<6xf32>, tensor<6xf32>)
      outs(%e : tensor<4x6xf32>) {
  ^bb0(%c: f32, %s: f32, %g: f32, %b: f32, %out: f32):
    %var = arith.divf %s, %n : f32
    %ve = arith.addf %var, %eps : f32
    %inv = math.rsqrt %ve : f32
    %nrm = arith.mulf %c, %inv : f32
    %sc = arith.mulf %nrm, %g : f32
    %r = arith.addf %sc, %b : f32
    linalg.yield %r : f32
  } -> tensor<4x6xf32>
  return %y : tensor<4x6xf32>
}
