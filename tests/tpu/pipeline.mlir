// RUN: strata-opt --check-semantics -p 'builtin.module(strata-tpu-pipeline{chip=tpu-v6e})' %s | FileCheck %s
// NO-DIFF: strata-tpu-pipeline is Strata's own pipeline.

// The named pipeline: linalg to tile kernels with v6e's blocks, tile to
// Mosaic kernels, canonicalize and cse, every pass checked by running
// @main.

// CHECK-LABEL: func.func @softmax_kernel0_tpu(%arg0: i32, %arg1: memref<128x128xf32, #tpu.memory_space<vmem>>, %arg2: memref<128x128xf32, #tpu.memory_space<vmem>>)
// CHECK-SAME: iteration_bounds = array<i64: 1>
// CHECK: vector.multi_reduction <maximumf>
// CHECK: math.exp
// CHECK: vector.multi_reduction <add>
// CHECK: arith.divf
// CHECK: tpu.vector_store %arg2
// CHECK-LABEL: func.func @softmax(
// CHECK: tpu.pallas_call @softmax_kernel0_tpu(%{{.*}}, %{{.*}}) : memref<3x5xf32>, memref<3x5xf32>

func.func private @printMemrefF32(tensor<*xf32>)

func.func @softmax(%x: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %init = tensor.empty() : tensor<3x5xf32>
  %r = linalg.softmax dimension(1) ins(%x : tensor<3x5xf32>) outs(%init : tensor<3x5xf32>) -> tensor<3x5xf32>
  return %r : tensor<3x5xf32>
}

func.func @main() {
  %x = arith.constant dense<[[1.0, 2.0, 3.0, 4.0, 5.0], [-1.0, 0.0, 1.0, 0.5, 2.5], [7.0, 7.0, 7.0, 7.0, 7.0]]> : tensor<3x5xf32>
  %r = call @softmax(%x) : (tensor<3x5xf32>) -> tensor<3x5xf32>
  %u = tensor.cast %r : tensor<3x5xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
