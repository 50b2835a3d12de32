// RUN: strata-opt --tile-to-neuron=chip=trn1 --canonicalize --cse %s | FileCheck %s
// NO-DIFF: tile and neuron are Strata's own dialects.

// An input generator, ((3i + 5j) mod 7 - 3) * s over the indices of the
// block: the index tile stays the affine form base + 3p + 5f until the
// remainder, where one iota writes it into an f32 tile on GpSimd and
// tensor_scalar takes it modulo 7 (nki.language.mod); the subtraction
// and the run-time scale are tensor_scalar on the vector engine.
// CHECK-LABEL: tile.func @ramp
// CHECK: neuron.iota %[[I:.*]], %{{.*}} channel 3 step 5 : <32x128xf32, sbuf>
// CHECK: neuron.tensor_scalar mod %[[M:.*]], %[[I]] imm 7.000000e+00
// CHECK: neuron.tensor_scalar subtract %[[S:.*]], %[[M]] imm 3.000000e+00
// CHECK: neuron.tensor_scalar multiply %[[R:.*]], %[[S]], %arg0 : {{.*}}, f32
// CHECK: neuron.dma_copy %{{.*}}, %[[R]] bounds_check
tile.func @ramp(%s: f32, %out: memref<?x?xf32>) grid [parallel, parallel] {
  %p0 = tile.program_id 0 : index
  %p1 = tile.program_id 1 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %O = tile.view %out : memref<?x?xf32> -> !tile.view<?x?xf32>
  %i0 = tile.iota : tensor<32xindex>
  %r0 = arith.muli %p0, %c32 : index
  %r1 = tile.splat %r0 : index -> tensor<32xindex>
  %r = arith.addi %i0, %r1 : tensor<32xindex>
  %re = tile.expand_dims %r dim 1 : tensor<32xindex> -> tensor<32x1xindex>
  %rb = tile.broadcast %re : tensor<32x1xindex> -> tensor<32x128xindex>
  %j0 = tile.iota : tensor<128xindex>
  %k0 = arith.muli %p1, %c128 : index
  %k1 = tile.splat %k0 : index -> tensor<128xindex>
  %k = arith.addi %j0, %k1 : tensor<128xindex>
  %ke = tile.expand_dims %k dim 0 : tensor<128xindex> -> tensor<1x128xindex>
  %kb = tile.broadcast %ke : tensor<1x128xindex> -> tensor<32x128xindex>
  %s3 = tile.splat %c3 : index -> tensor<32x128xindex>
  %a = arith.muli %rb, %s3 : tensor<32x128xindex>
  %s5 = tile.splat %c5 : index -> tensor<32x128xindex>
  %b = arith.muli %kb, %s5 : tensor<32x128xindex>
  %ab = arith.addi %a, %b : tensor<32x128xindex>
  %s7 = tile.splat %c7 : index -> tensor<32x128xindex>
  %m = arith.remui %ab, %s7 : tensor<32x128xindex>
  %v = arith.subi %m, %s3 : tensor<32x128xindex>
  %vi = arith.index_cast %v : tensor<32x128xindex> to tensor<32x128xi32>
  %vf = arith.sitofp %vi : tensor<32x128xi32> to tensor<32x128xf32>
  %sc = tile.splat %s : f32 -> tensor<32x128xf32>
  %x = arith.mulf %vf, %sc : tensor<32x128xf32>
  tile.store %x, %O[%p0, %p1] bounds_check : tensor<32x128xf32>, !tile.view<?x?xf32>
  tile.return
}
