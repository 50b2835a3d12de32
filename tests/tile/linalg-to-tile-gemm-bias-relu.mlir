// RUN: strata-opt --linalg-to-tile=target=sm_90a %s | FileCheck %s
// NO-DIFF: linalg-to-tile is Strata's own pass.

// relu(A x B + bias) becomes one GEMM kernel: the fill is the
// accumulator's splat, A and B are loaded once per k block, the bias once,
// and the epilogue runs on the accumulator before the one store.

#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>

// CHECK-LABEL: tile.func @gemm_bias_relu_kernel0(%arg0: memref<13x11xf32>, %arg1: memref<11x17xf32>, %arg2: memref<17xf32>, %arg3: memref<13x17xf32>) grid [parallel, parallel]
// CHECK: %[[ACC:.*]] = tile.splat %{{.*}} : f32 -> tensor<64x64xf32>
// CHECK: %[[NK:.*]] = tile.num_blocks %{{.*}} dim 1 block 32 : !tile.view<13x11xf32>
// CHECK: %[[P:.*]] = scf.for %[[K:.*]] = %{{.*}} to %[[NK]] step %{{.*}} iter_args(%[[A:.*]] = %[[ACC]]) -> (tensor<64x64xf32>)
// CHECK-NEXT: tile.load %{{.*}}[%{{.*}}, %[[K]]] pad zero : !tile.view<13x11xf32> -> tensor<64x32xf32>
// CHECK-NEXT: tile.load %{{.*}}[%[[K]], %{{.*}}] pad zero : !tile.view<11x17xf32> -> tensor<32x64xf32>
// CHECK-NEXT: tile.dot
// CHECK-NEXT: scf.yield
// CHECK: tile.load %{{.*}}[%{{.*}}] pad zero : !tile.view<17xf32> -> tensor<64xf32>
// CHECK-NOT: tile.load
// CHECK: %[[S:.*]] = arith.addf %[[P]], %{{.*}} : tensor<64x64xf32>
// CHECK: %[[R:.*]] = arith.maximumf %[[S]], %{{.*}} : tensor<64x64xf32>
// CHECK-NEXT: tile.store %[[R]], %{{.*}}[%{{.*}}, %{{.*}}] bounds_check : tensor<64x64xf32>, !tile.view<13x17xf32>
// CHECK-NEXT: tile.return
// CHECK-NOT: tile.func
// CHECK-LABEL: func.func @gemm_bias_relu(
// CHECK-NOT: linalg.
// CHECK: %[[OUT:.*]] = memref.alloc() : memref<13x17xf32>
// CHECK: bufferization.to_buffer %arg0 read_only : tensor<13x11xf32> to memref<13x11xf32>
// CHECK: tile.launch @gemm_bias_relu_kernel0 grid [%{{.*}}, %{{.*}}] (%{{.*}}, %{{.*}}, %{{.*}}, %[[OUT]])
// CHECK-NEXT: %[[T:.*]] = bufferization.to_tensor %[[OUT]] restrict writable : memref<13x17xf32> to tensor<13x17xf32>
// CHECK-NEXT: return %[[T]]
func.func @gemm_bias_relu(%a: tensor<13x11xf32>, %b: tensor<11x17xf32>, %bias: tensor<17xf32>) -> tensor<13x17xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<13x17xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<13x17xf32>) -> tensor<13x17xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<13x11xf32>, tensor<11x17xf32>)
                      outs(%acc : tensor<13x17xf32>) -> tensor<13x17xf32>
  %y = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<13x17xf32>, tensor<17xf32>) outs(%e : tensor<13x17xf32>) {
  ^bb0(%v: f32, %bv: f32, %out: f32):
    %s = arith.addf %v, %bv : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  } -> tensor<13x17xf32>
  return %y : tensor<13x17xf32>
}
