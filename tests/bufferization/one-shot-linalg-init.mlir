// RUN: strata-opt --one-shot-bufferize=bufferize-function-boundaries %s | FileCheck %s

// An init that a linalg operation only writes is not a read: fill,
// matmul and add share the buffer of the one tensor.empty, as upstream's
// analysis decides (one allocation per function).

// CHECK-LABEL: func.func @gemm_add
// CHECK: memref.alloc()
// CHECK-NOT: memref.alloc()
// CHECK: linalg.add ins(%alloc, %arg0 : memref<64x64xf32>, memref<64x64xf32, strided<[?, ?], offset: ?>>) outs(%alloc : memref<64x64xf32>)
func.func @gemm_add(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x64xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %m = linalg.matmul ins(%a, %b : tensor<64x64xf32>, tensor<64x64xf32>) outs(%f : tensor<64x64xf32>) -> tensor<64x64xf32>
  %r = linalg.add ins(%m, %a : tensor<64x64xf32>, tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}
