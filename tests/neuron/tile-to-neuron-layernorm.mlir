// RUN: strata-opt --tile-to-neuron --canonicalize --cse %s | FileCheck %s
// NO-DIFF: tile and neuron are Strata's own dialects.

// Layer normalization's moments (the mean of each row, and the mean of
// the squared deviations from it) become bn_stats over chunks of at most
// 512 columns and one bn_aggr; the two sums, the square and the column
// masks of the tile level are not computed. The mean and the variance are
// the two columns of bn_aggr's result, read as slices.

// A ragged row: the first 1100 columns of a block of 2048 (a column mask
// from tile.iota), in three chunks of 367, 367 and 366 columns, each
// writing its statistics into six columns of one tile.
// CHECK-LABEL: tile.func @masked
// CHECK: %[[X:.*]] = neuron.alloc : <64x2048xf32, sbuf>
// CHECK: neuron.dma_copy %[[X]]
// CHECK: %[[ST:.*]] = neuron.alloc : <64x18xf32, sbuf>
// CHECK: %[[X0:.*]] = neuron.slice %[[X]][0] : <64x2048xf32, sbuf> -> <64x367xf32, sbuf>
// CHECK: %[[S0:.*]] = neuron.slice %[[ST]][0] : <64x18xf32, sbuf> -> <64x6xf32, sbuf>
// CHECK: neuron.bn_stats %[[S0]], %[[X0]] : <64x6xf32, sbuf>, <64x367xf32, sbuf>
// CHECK: %[[X1:.*]] = neuron.slice %[[X]][367] : <64x2048xf32, sbuf> -> <64x367xf32, sbuf>
// CHECK: %[[S1:.*]] = neuron.slice %[[ST]][6]
// CHECK: neuron.bn_stats %[[S1]], %[[X1]]
// CHECK: %[[X2:.*]] = neuron.slice %[[X]][734] : <64x2048xf32, sbuf> -> <64x366xf32, sbuf>
// CHECK: %[[S2:.*]] = neuron.slice %[[ST]][12]
// CHECK: neuron.bn_stats %[[S2]], %[[X2]]
// CHECK: %[[MV:.*]] = neuron.alloc : <64x2xf32, sbuf>
// CHECK: neuron.bn_aggr %[[MV]], %[[ST]] : <64x2xf32, sbuf>, <64x18xf32, sbuf>
// CHECK-DAG: %[[MEAN:.*]] = neuron.slice %[[MV]][0] : <64x2xf32, sbuf> -> <64x1xf32, sbuf>
// CHECK-DAG: %[[VAR:.*]] = neuron.slice %[[MV]][1] : <64x2xf32, sbuf> -> <64x1xf32, sbuf>
// CHECK: neuron.tensor_scalar subtract %[[C:.*]], %[[X]], %[[MEAN]]
// CHECK: neuron.tensor_scalar add %[[VE:.*]], %[[VAR]] imm
// CHECK: neuron.activation rsqrt %[[R:.*]], %[[VE]]
// CHECK: neuron.tensor_scalar multiply %[[Y:.*]], %[[C]], %[[R]]
// CHECK-NOT: neuron.tensor_reduce
// CHECK-NOT: neuron.affine_select
// CHECK: tile.return
tile.func @masked(%x: memref<?x1100xf32>, %y: memref<?x1100xf32>) grid [parallel] {
  %X = tile.view %x : memref<?x1100xf32> -> !tile.view<?x1100xf32>
  %Y = tile.view %y : memref<?x1100xf32> -> !tile.view<?x1100xf32>
  %p = tile.program_id 0 : index
  %c0 = arith.constant 0 : index
  %c1100 = arith.constant 1100 : index
  %f0 = arith.constant 0.0 : f32
  %fn = arith.constant 1100.0 : f32
  %eps = arith.constant 1.0e-5 : f32
  %x0 = tile.load %X[%p, %c0] pad zero : !tile.view<?x1100xf32> -> tensor<64x2048xf32>
  %i = tile.iota : tensor<2048xindex>
  %i1 = tile.expand_dims %i dim 0 : tensor<2048xindex> -> tensor<1x2048xindex>
  %ib = tile.broadcast %i1 : tensor<1x2048xindex> -> tensor<64x2048xindex>
  %nb = tile.splat %c1100 : index -> tensor<64x2048xindex>
  %m = arith.cmpi slt, %ib, %nb : tensor<64x2048xindex>
  %z = tile.splat %f0 : f32 -> tensor<64x2048xf32>
  %xm = arith.select %m, %x0, %z : tensor<64x2048xi1>, tensor<64x2048xf32>
  %s = tile.reduce sum %xm dim 1 : tensor<64x2048xf32> -> tensor<64xf32>
  %s1 = tile.expand_dims %s dim 1 : tensor<64xf32> -> tensor<64x1xf32>
  %sb = tile.broadcast %s1 : tensor<64x1xf32> -> tensor<64x2048xf32>
  %n = tile.splat %fn : f32 -> tensor<64x2048xf32>
  %mean = arith.divf %sb, %n : tensor<64x2048xf32>
  %c = arith.subf %x0, %mean : tensor<64x2048xf32>
  %c2 = arith.mulf %c, %c : tensor<64x2048xf32>
  %cm = arith.select %m, %c2, %z : tensor<64x2048xi1>, tensor<64x2048xf32>
  %q = tile.reduce sum %cm dim 1 : tensor<64x2048xf32> -> tensor<64xf32>
  %q1 = tile.expand_dims %q dim 1 : tensor<64xf32> -> tensor<64x1xf32>
  %qb = tile.broadcast %q1 : tensor<64x1xf32> -> tensor<64x2048xf32>
  %var = arith.divf %qb, %n : tensor<64x2048xf32>
  %e = tile.splat %eps : f32 -> tensor<64x2048xf32>
  %ve = arith.addf %var, %e : tensor<64x2048xf32>
  %r = math.rsqrt %ve : tensor<64x2048xf32>
  %out = arith.mulf %c, %r : tensor<64x2048xf32>
  tile.store %out, %Y[%p, %c0] bounds_check : tensor<64x2048xf32>, !tile.view<?x1100xf32>
  tile.return
}

// Whole rows of 256 (no mask), the moments taken as columns before they
// are broadcast: one bn_stats over the whole tile, no slice of it.
// CHECK-LABEL: tile.func @whole
// CHECK: %[[X:.*]] = neuron.alloc : <128x256xf32, sbuf>
// CHECK: %[[ST:.*]] = neuron.alloc : <128x6xf32, sbuf>
// CHECK-NEXT: neuron.bn_stats %[[ST]], %[[X]] : <128x6xf32, sbuf>, <128x256xf32, sbuf>
// CHECK: neuron.bn_aggr %[[MV:.*]], %[[ST]]
// CHECK-NOT: neuron.tensor_reduce
// CHECK: tile.return
tile.func @whole(%x: memref<?x256xf32>, %y: memref<?x256xf32>) grid [parallel] {
  %X = tile.view %x : memref<?x256xf32> -> !tile.view<?x256xf32>
  %Y = tile.view %y : memref<?x256xf32> -> !tile.view<?x256xf32>
  %p = tile.program_id 0 : index
  %c0 = arith.constant 0 : index
  %f0 = arith.constant 0.0 : f32
  %fn = arith.constant 256.0 : f32
  %x0 = tile.load %X[%p, %c0] pad zero : !tile.view<?x256xf32> -> tensor<128x256xf32>
  %z = tile.splat %f0 : f32 -> tensor<128xf32>
  %n = tile.splat %fn : f32 -> tensor<128xf32>
  %s = tile.reduce sum %x0 dim 1 : tensor<128x256xf32> -> tensor<128xf32>
  %s0 = arith.addf %z, %s : tensor<128xf32>
  %mean = arith.divf %s0, %n : tensor<128xf32>
  %m1 = tile.expand_dims %mean dim 1 : tensor<128xf32> -> tensor<128x1xf32>
  %mb = tile.broadcast %m1 : tensor<128x1xf32> -> tensor<128x256xf32>
  %c = arith.subf %x0, %mb : tensor<128x256xf32>
  %c2 = arith.mulf %c, %c : tensor<128x256xf32>
  %q = tile.reduce sum %c2 dim 1 : tensor<128x256xf32> -> tensor<128xf32>
  %var = arith.divf %q, %n : tensor<128xf32>
  %v1 = tile.expand_dims %var dim 1 : tensor<128xf32> -> tensor<128x1xf32>
  %vb = tile.broadcast %v1 : tensor<128x1xf32> -> tensor<128x256xf32>
  %out = arith.divf %c, %vb : tensor<128x256xf32>
  tile.store %out, %Y[%p, %c0] bounds_check : tensor<128x256xf32>, !tile.view<?x256xf32>
  tile.return
}

// A row length known only at run time (the view's) cannot be a slice:
// the two reductions stay.
// CHECK-LABEL: tile.func @dynamic
// CHECK-NOT: neuron.bn_stats
// CHECK: neuron.tensor_reduce add
// CHECK: neuron.tensor_reduce add
// CHECK: tile.return
tile.func @dynamic(%x: memref<?x?xf32>, %y: memref<?x?xf32>) grid [parallel] {
  %X = tile.view %x : memref<?x?xf32> -> !tile.view<?x?xf32>
  %Y = tile.view %y : memref<?x?xf32> -> !tile.view<?x?xf32>
  %p = tile.program_id 0 : index
  %c0 = arith.constant 0 : index
  %cols = tile.dim %X, 1 : !tile.view<?x?xf32>
  %f0 = arith.constant 0.0 : f32
  %fn = arith.constant 100.0 : f32
  %x0 = tile.load %X[%p, %c0] pad zero : !tile.view<?x?xf32> -> tensor<32x128xf32>
  %i = tile.iota : tensor<128xindex>
  %i1 = tile.expand_dims %i dim 0 : tensor<128xindex> -> tensor<1x128xindex>
  %ib = tile.broadcast %i1 : tensor<1x128xindex> -> tensor<32x128xindex>
  %nb = tile.splat %cols : index -> tensor<32x128xindex>
  %m = arith.cmpi slt, %ib, %nb : tensor<32x128xindex>
  %z = tile.splat %f0 : f32 -> tensor<32x128xf32>
  %xm = arith.select %m, %x0, %z : tensor<32x128xi1>, tensor<32x128xf32>
  %s = tile.reduce sum %xm dim 1 : tensor<32x128xf32> -> tensor<32xf32>
  %s1 = tile.expand_dims %s dim 1 : tensor<32xf32> -> tensor<32x1xf32>
  %sb = tile.broadcast %s1 : tensor<32x1xf32> -> tensor<32x128xf32>
  %n = tile.splat %fn : f32 -> tensor<32x128xf32>
  %mean = arith.divf %sb, %n : tensor<32x128xf32>
  %c = arith.subf %x0, %mean : tensor<32x128xf32>
  %c2 = arith.mulf %c, %c : tensor<32x128xf32>
  %cm = arith.select %m, %c2, %z : tensor<32x128xi1>, tensor<32x128xf32>
  %q = tile.reduce sum %cm dim 1 : tensor<32x128xf32> -> tensor<32xf32>
  %q1 = tile.expand_dims %q dim 1 : tensor<32xf32> -> tensor<32x1xf32>
  %qb = tile.broadcast %q1 : tensor<32x1xf32> -> tensor<32x128xf32>
  %var = arith.divf %qb, %n : tensor<32x128xf32>
  %out = arith.divf %c, %var : tensor<32x128xf32>
  tile.store %out, %Y[%p, %c0] bounds_check : tensor<32x128xf32>, !tile.view<?x?xf32>
  tile.return
}
