// RUN: strata-opt --tile-to-neuron %s | FileCheck %s
// NO-DIFF: tile and neuron are Strata's own dialects.

// Index tiles made from tile.iota become floats with one iota on GpSimd
// (row index p + 32·program on the partitions, column index f on the
// free axis), and sin and cos run on the scalar engine.

// CHECK-LABEL: tile.func @wave
// CHECK: %[[R:.*]] = neuron.alloc : <32x64xf32, sbuf>
// CHECK: neuron.iota %[[R]], %{{.*}} channel 1 step 0 : <32x64xf32, sbuf>
// CHECK: %[[C:.*]] = neuron.alloc : <32x64xf32, sbuf>
// CHECK: neuron.iota %[[C]], %{{.*}} channel 0 step 1 : <32x64xf32, sbuf>
// CHECK: neuron.activation sin %{{.*}}, %{{.*}}
// CHECK: neuron.activation cos %{{.*}}, %{{.*}}
// CHECK-NOT: tile.iota
tile.func @wave(%y: memref<?x?xf32>) grid [parallel] {
  %Y = tile.view %y : memref<?x?xf32> -> !tile.view<?x?xf32>
  %p = tile.program_id 0 : index
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %i = tile.iota : tensor<32xindex>
  %o = arith.muli %p, %c32 : index
  %os = tile.splat %o : index -> tensor<32xindex>
  %ri = arith.addi %i, %os : tensor<32xindex>
  %r1 = tile.expand_dims %ri dim 1 : tensor<32xindex> -> tensor<32x1xindex>
  %r = tile.broadcast %r1 : tensor<32x1xindex> -> tensor<32x64xindex>
  %j = tile.iota : tensor<64xindex>
  %c1 = tile.expand_dims %j dim 0 : tensor<64xindex> -> tensor<1x64xindex>
  %c = tile.broadcast %c1 : tensor<1x64xindex> -> tensor<32x64xindex>
  %ri32 = arith.index_cast %r : tensor<32x64xindex> to tensor<32x64xi32>
  %ci32 = arith.index_cast %c : tensor<32x64xindex> to tensor<32x64xi32>
  %rf = arith.sitofp %ri32 : tensor<32x64xi32> to tensor<32x64xf32>
  %cf = arith.sitofp %ci32 : tensor<32x64xi32> to tensor<32x64xf32>
  %s = math.sin %rf : tensor<32x64xf32>
  %k = math.cos %cf : tensor<32x64xf32>
  %v = arith.addf %s, %k : tensor<32x64xf32>
  tile.store %v, %Y[%p, %c0] bounds_check : tensor<32x64xf32>, !tile.view<?x?xf32>
  tile.return
}
