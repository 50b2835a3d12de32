// RUN: strata-opt --linalg-to-tile=target=sm_90a %s | FileCheck %s
// NO-DIFF: linalg-to-tile is Strata's own pass.

// Attention is not yet one flash kernel: it becomes three. The transpose
// of K folds into the first GEMM's operand map (K is loaded in its own
// layout and transposed in registers) and the scale is that GEMM's
// epilogue; the softmax is one row kernel; the second GEMM is a third.

// CHECK-LABEL: tile.func @attention_kernel0(%arg0: memref<4x8xf32>, %arg1: memref<4x8xf32>, %arg2: memref<4x4xf32>) grid [parallel, parallel]
// CHECK: scf.for
// CHECK-NEXT: tile.load %{{.*}}[%{{.*}}, %{{.*}}] pad zero : !tile.view<4x8xf32> -> tensor<64x32xf32>
// CHECK-NEXT: %[[K:.*]] = tile.load %{{.*}}[%{{.*}}, %{{.*}}] pad zero : !tile.view<4x8xf32> -> tensor<64x32xf32>
// CHECK-NEXT: tile.transpose %[[K]] [1, 0] : tensor<64x32xf32> -> tensor<32x64xf32>
// CHECK-NEXT: tile.dot
// CHECK: arith.mulf %{{.*}}, %{{.*}} : tensor<64x64xf32>
// CHECK-NEXT: tile.store
// CHECK-LABEL: tile.func @attention_kernel1(
// CHECK: tile.dot
// CHECK-LABEL: tile.func @attention_kernel2(
// CHECK: math.exp
// CHECK-LABEL: func.func @attention(
// CHECK-NOT: linalg.
// CHECK: tile.launch @attention_kernel0
// CHECK: tile.launch @attention_kernel2
// CHECK: tile.launch @attention_kernel1
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
