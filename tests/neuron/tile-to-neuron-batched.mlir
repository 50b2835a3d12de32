// RUN: strata-opt --tile-to-neuron %s | FileCheck %s
// NO-DIFF: tile and neuron are Strata's own dialects.

// Blocks of one batch and one head (rank 4, leading dimensions 1) are
// the 2-D tiles of their last two dimensions: the DMA reads the window
// of the last two dimensions at the batch and head indices. A causal
// mask compares two index tiles (key index <= query index) and is one
// affine_select predicate of their difference.

// CHECK-LABEL: tile.func @causal
// CHECK: %[[X:.*]] = neuron.alloc : <32x64xf32, sbuf>
// CHECK: neuron.dma_copy %[[X]], %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] bounds_check : !neuron.tile<32x64xf32, sbuf>, !tile.view<?x?x?x64xf32>
// CHECK: neuron.affine_select %{{.*}}, %[[X]] where %{{.*}} channel 1 step -1 ge else 0.000000e+00
// CHECK: neuron.dma_copy %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}], %{{.*}} bounds_check : !tile.view<?x?x?x64xf32>, !neuron.tile<32x64xf32, sbuf>
tile.func @causal(%x: memref<?x?x?x64xf32>, %y: memref<?x?x?x64xf32>) grid [parallel, parallel, parallel] {
  %X = tile.view %x : memref<?x?x?x64xf32> -> !tile.view<?x?x?x64xf32>
  %Y = tile.view %y : memref<?x?x?x64xf32> -> !tile.view<?x?x?x64xf32>
  %b = tile.program_id 0 : index
  %h = tile.program_id 1 : index
  %q = tile.program_id 2 : index
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %t = tile.load %X[%b, %h, %q, %c0] pad zero : !tile.view<?x?x?x64xf32> -> tensor<1x1x32x64xf32>
  %s = tile.reshape %t : tensor<1x1x32x64xf32> -> tensor<32x64xf32>
  %qi = tile.iota : tensor<32xindex>
  %q0 = arith.muli %q, %c32 : index
  %qs = tile.splat %q0 : index -> tensor<32xindex>
  %qa = arith.addi %qi, %qs : tensor<32xindex>
  %q1 = tile.expand_dims %qa dim 1 : tensor<32xindex> -> tensor<32x1xindex>
  %qb = tile.broadcast %q1 : tensor<32x1xindex> -> tensor<32x64xindex>
  %ki = tile.iota : tensor<64xindex>
  %k1 = tile.expand_dims %ki dim 0 : tensor<64xindex> -> tensor<1x64xindex>
  %kb = tile.broadcast %k1 : tensor<1x64xindex> -> tensor<32x64xindex>
  %m = arith.cmpi ule, %kb, %qb : tensor<32x64xindex>
  %z = arith.constant dense<0.0> : tensor<32x64xf32>
  %v = arith.select %m, %s, %z : tensor<32x64xi1>, tensor<32x64xf32>
  %w = tile.reshape %v : tensor<32x64xf32> -> tensor<1x1x32x64xf32>
  tile.store %w, %Y[%b, %h, %q, %c0] bounds_check : tensor<1x1x32x64xf32>, !tile.view<?x?x?x64xf32>
  tile.return
}
