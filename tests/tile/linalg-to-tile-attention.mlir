// RUN: strata-opt --check-semantics --check-semantics-entry=attention --linalg-to-tile=target=sm_90a %s | FileCheck %s
// NO-DIFF: linalg-to-tile is Strata's own pass.

// Attention is one FlashAttention kernel. The transpose of K, the fill
// of S, the scale, the softmax (decomposed into max, exp, sum and
// divide), the fill of O and both products are one program per block of
// queries: the loop over key blocks carries the running max, the running
// sum and the accumulator; the scale is folded with log2(e) into one
// multiply (0.353553385 * 1.44269504 = 0.510069728) and exp is exp2. The
// 4 keys fill part of a block of 8: those past the end are masked to
// -inf. O = acc / l is stored once.

// CHECK-LABEL: tile.func @attention_kernel0(%arg0: memref<4x8xf32>, %arg1: memref<4x8xf32>, %arg2: memref<4x8xf32>, %arg3: memref<4x8xf32>) grid [parallel, parallel]
// CHECK-DAG: %[[NINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG: %[[SCALE:.*]] = arith.constant 0.510069728 : f32
// CHECK: %[[Q:.*]] = tile.load %{{.*}}[%{{.*}}, %{{.*}}] pad zero : !tile.view<4x8xf32> -> tensor<8x8xf32>
// CHECK: %[[M0:.*]] = tile.splat %[[NINF]] : f32 -> tensor<8xf32>
// CHECK: %[[L0:.*]] = tile.splat %[[ZERO]] : f32 -> tensor<8xf32>
// CHECK: %[[A0:.*]] = tile.splat %[[ZERO]] : f32 -> tensor<8x8xf32>
// CHECK: %[[NK:.*]] = tile.num_blocks %{{.*}} dim 0 block 8
// CHECK: %[[R:.*]]:3 = scf.for %[[J:.*]] = %{{.*}} to %[[NK]] step %{{.*}} iter_args(%[[M:.*]] = %[[M0]], %[[L:.*]] = %[[L0]], %[[ACC:.*]] = %[[A0]]) -> (tensor<8xf32>, tensor<8xf32>, tensor<8x8xf32>) {
// CHECK-NEXT: %[[K:.*]] = tile.load %{{.*}}[%[[J]], %{{.*}}] pad zero
// CHECK-NEXT: %[[KT:.*]] = tile.transpose %[[K]] [1, 0]
// CHECK-NEXT: %[[SZ:.*]] = tile.splat %[[ZERO]]
// CHECK-NEXT: %[[S0:.*]] = tile.dot %[[Q]], %[[KT]], %[[SZ]] : tensor<8x8xf32>, tensor<8x8xf32> -> tensor<8x8xf32>
// CHECK-NEXT: %[[SC:.*]] = tile.splat %[[SCALE]]
// CHECK-NEXT: %[[S1:.*]] = arith.mulf %[[S0]], %[[SC]] : tensor<8x8xf32>
// CHECK: %[[IN:.*]] = arith.cmpi slt
// CHECK: %[[S:.*]] = arith.select %[[IN]], %[[S1]], %{{.*}} : tensor<8x8xi1>, tensor<8x8xf32>
// CHECK-NEXT: %[[BM:.*]] = tile.reduce max %[[S]] dim 1 : tensor<8x8xf32> -> tensor<8xf32>
// CHECK-NEXT: %[[MN:.*]] = arith.maximumf %[[M]], %[[BM]] : tensor<8xf32>
// CHECK: %[[D:.*]] = arith.subf %[[S]], %{{.*}} : tensor<8x8xf32>
// CHECK-NEXT: %[[P:.*]] = math.exp2 %[[D]] : tensor<8x8xf32>
// CHECK-NEXT: %[[PS:.*]] = tile.reduce sum %[[P]] dim 1
// CHECK-NEXT: %[[DM:.*]] = arith.subf %[[M]], %[[MN]] : tensor<8xf32>
// CHECK-NEXT: %[[AL:.*]] = math.exp2 %[[DM]] : tensor<8xf32>
// CHECK-NEXT: %[[LA:.*]] = arith.mulf %[[L]], %[[AL]]
// CHECK-NEXT: %[[LN:.*]] = arith.addf %[[LA]], %[[PS]]
// CHECK: %[[AS:.*]] = arith.mulf %[[ACC]], %{{.*}} : tensor<8x8xf32>
// CHECK-NEXT: %[[V:.*]] = tile.load %{{.*}}[%[[J]], %{{.*}}] pad zero
// CHECK-NEXT: %[[AN:.*]] = tile.dot %[[P]], %[[V]], %[[AS]]
// CHECK-NEXT: scf.yield %[[MN]], %[[LN]], %[[AN]]
// CHECK: %[[LB:.*]] = tile.broadcast %{{.*}} : tensor<8x1xf32> -> tensor<8x8xf32>
// CHECK-NEXT: %[[O:.*]] = arith.divf %[[R]]#2, %[[LB]]
// CHECK-NEXT: tile.store %[[O]], %{{.*}} bounds_check
// CHECK-NOT: tile.load
// CHECK-NOT: math.exp %
// CHECK: tile.return
// CHECK-LABEL: func.func @attention(
// CHECK-NOT: linalg.
// CHECK: tile.launch @attention_kernel0
// CHECK-NOT: tile.launch

#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @attention(%q: tensor<4x8xf32>, %k: tensor<4x8xf32>, %v: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %zero = arith.constant 0.0 : f32
  %scale = arith.constant 0.353553385 : f32
  %kt0 = tensor.empty() : tensor<8x4xf32>
  %kt = linalg.transpose ins(%k : tensor<4x8xf32>) outs(%kt0 : tensor<8x4xf32>) permutation = [1, 0]
  %s0 = tensor.empty() : tensor<4x4xf32>
  %sz = linalg.fill ins(%zero : f32) outs(%s0 : tensor<4x4xf32>) -> tensor<4x4xf32>
  %scores = linalg.matmul ins(%q, %kt : tensor<4x8xf32>, tensor<8x4xf32>)
                          outs(%sz : tensor<4x4xf32>) -> tensor<4x4xf32>
  %scaled = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%scores : tensor<4x4xf32>) outs(%s0 : tensor<4x4xf32>) {
  ^bb0(%x: f32, %out: f32):
    %y = arith.mulf %x, %scale : f32
    linalg.yield %y : f32
  } -> tensor<4x4xf32>
  %p = linalg.softmax dimension(1) ins(%scaled : tensor<4x4xf32>) outs(%s0 : tensor<4x4xf32>) -> tensor<4x4xf32>
  %o0 = tensor.empty() : tensor<4x8xf32>
  %oz = linalg.fill ins(%zero : f32) outs(%o0 : tensor<4x8xf32>) -> tensor<4x8xf32>
  %o = linalg.matmul ins(%p, %v : tensor<4x4xf32>, tensor<4x8xf32>)
                     outs(%oz : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %o : tensor<4x8xf32>
}
