// RUN: strata-opt --one-shot-bufferize=bufferize-function-boundaries %s | FileCheck %s
// NO-DIFF: upstream's analysis runs bottom-up and gives the in-place
// buffer to the later write (the add), Strata's runs in program order and
// gives it to the earlier one (the fill); both allocate twice.

// The matmul result is read after the add, so the add cannot write over
// it: the add gets a buffer of its own.
// CHECK-LABEL: func.func @read_after
// CHECK-COUNT-2: memref.alloc()
// CHECK-NOT: memref.alloc()
func.func @read_after(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>) -> (tensor<64x64xf32>, tensor<64x64xf32>) {
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x64xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %m = linalg.matmul ins(%a, %b : tensor<64x64xf32>, tensor<64x64xf32>) outs(%f : tensor<64x64xf32>) -> tensor<64x64xf32>
  %r = linalg.add ins(%a, %a : tensor<64x64xf32>, tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r, %m : tensor<64x64xf32>, tensor<64x64xf32>
}
