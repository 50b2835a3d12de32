// RUN: strata-opt --tile-to-neuron=chip=trn1 %s | FileCheck %s
// NO-DIFF: tile and neuron are Strata's own dialects.

// A splat of an f32 kernel argument (known only at run time) is the
// run-time operand of tensor_scalar (a compile-time constant of the NKI
// kernel, which takes it as a Python float); where a whole tile of it is
// needed, a memset of 1 multiplied by it (exact, signed zeros included).
// CHECK-LABEL: tile.func @scale
// CHECK: neuron.tensor_scalar multiply %{{.*}}, %{{.*}}, %arg2 : !neuron.tile<32x64xf32, sbuf>, !neuron.tile<32x64xf32, sbuf>, f32
// CHECK: neuron.tensor_scalar maximum %{{.*}}, %{{.*}}, %arg2 : !neuron.tile<32x64xf32, sbuf>, !neuron.tile<32x64xf32, sbuf>, f32
// CHECK: neuron.memset %[[T:.*]], 1.000000e+00 : <32x64xf32, sbuf>
// CHECK: neuron.tensor_scalar multiply %[[T]], %[[T]], %arg2 : !neuron.tile<32x64xf32, sbuf>, !neuron.tile<32x64xf32, sbuf>, f32
// CHECK: neuron.dma_copy %{{.*}}, %[[T]] bounds_check
tile.func @scale(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %s: f32) grid [parallel] {
  %A = tile.view %a : memref<?x?xf32> -> !tile.view<?x?xf32>
  %B = tile.view %b : memref<?x?xf32> -> !tile.view<?x?xf32>
  %p = tile.program_id 0 : index
  %c0 = arith.constant 0 : index
  %x = tile.load %A[%p, %c0] pad zero : !tile.view<?x?xf32> -> tensor<32x64xf32>
  %v = tile.splat %s : f32 -> tensor<32x64xf32>
  %y = arith.mulf %x, %v : tensor<32x64xf32>
  %z = arith.maximumf %v, %y : tensor<32x64xf32>
  tile.store %z, %B[%p, %c0] bounds_check : tensor<32x64xf32>, !tile.view<?x?xf32>
  tile.store %v, %A[%p, %c0] bounds_check : tensor<32x64xf32>, !tile.view<?x?xf32>
  tile.return
}
