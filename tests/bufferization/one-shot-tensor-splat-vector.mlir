// RUN: strata-opt --one-shot-bufferize=bufferize-function-boundaries %s | FileCheck %s

// tensor.splat takes an element of any type, here a vector: the buffer is
// filled by a linalg.map yielding it.
// CHECK-LABEL: func.func @splat_vector
// CHECK: memref.alloc() {alignment = 64 : i64} : memref<2x3xvector<4xf32>>
// CHECK: linalg.map outs(%{{.*}} : memref<2x3xvector<4xf32>>)
func.func @splat_vector(%v: vector<4xf32>) -> tensor<2x3xvector<4xf32>> {
  %t = tensor.splat %v : tensor<2x3xvector<4xf32>>
  return %t : tensor<2x3xvector<4xf32>>
}
