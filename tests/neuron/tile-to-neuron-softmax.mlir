// RUN: strata-opt --tile-to-neuron --canonicalize --cse %s | FileCheck %s
// NO-DIFF: tile and neuron are Strata's own dialects.

// A row softmax with rows on partitions: the row max and sum are
// tensor_reduce along the free axis into one column; subtracting the max
// and dividing by the sum take the column as a per-partition scalar
// (tensor_scalar); exp runs on the scalar engine, with the subtraction of
// the max folded into its bias by --canonicalize. The columns past the end
// of a ragged row are masked with affine_select before each reduction.

// CHECK-LABEL: tile.func @softmax
// CHECK-SAME: attributes {neuron.chip = "trn1"}
// CHECK: %[[X:.*]] = neuron.alloc : <2x16xf32, sbuf>
// CHECK: neuron.memset %[[X]], 0xFFF0000000000000
// CHECK: neuron.dma_copy %[[X]], %{{.*}}[%{{.*}}, %{{.*}}] bounds_check
// CHECK: %[[M:.*]] = neuron.alloc : <2x1xf32, sbuf>
// CHECK: neuron.tensor_reduce maximum %[[M]], %[[X]] : <2x1xf32, sbuf>, <2x16xf32, sbuf>
// CHECK: neuron.tensor_scalar multiply %[[NEG:.*]], %[[M]] imm -1.000000e+00
// CHECK: neuron.activation exp %[[E:.*]], %[[X]] bias %[[NEG]]
// CHECK: neuron.tensor_reduce add %[[S:.*]], %[[E]]
// CHECK: neuron.tensor_scalar divide %[[R:.*]], %[[E]], %[[S]]
// CHECK: neuron.dma_copy %{{.*}}[%{{.*}}, %{{.*}}], %[[R]] bounds_check
tile.func @softmax(%x: memref<?x?xf32>, %y: memref<?x?xf32>) grid [parallel] {
  %X = tile.view %x : memref<?x?xf32> -> !tile.view<?x?xf32>
  %Y = tile.view %y : memref<?x?xf32> -> !tile.view<?x?xf32>
  %p = tile.program_id 0 : index
  %c0 = arith.constant 0 : index
  %t = tile.load %X[%p, %c0] pad neg_inf : !tile.view<?x?xf32> -> tensor<2x16xf32>
  %m = tile.reduce max %t dim 1 : tensor<2x16xf32> -> tensor<2xf32>
  %m1 = tile.expand_dims %m dim 1 : tensor<2xf32> -> tensor<2x1xf32>
  %mb = tile.broadcast %m1 : tensor<2x1xf32> -> tensor<2x16xf32>
  %d = arith.subf %t, %mb : tensor<2x16xf32>
  %e = math.exp %d : tensor<2x16xf32>
  %s = tile.reduce sum %e dim 1 : tensor<2x16xf32> -> tensor<2xf32>
  %s1 = tile.expand_dims %s dim 1 : tensor<2xf32> -> tensor<2x1xf32>
  %sb = tile.broadcast %s1 : tensor<2x1xf32> -> tensor<2x16xf32>
  %r = arith.divf %e, %sb : tensor<2x16xf32>
  tile.store %r, %Y[%p, %c0] bounds_check : tensor<2x16xf32>, !tile.view<?x?xf32>
  tile.return
}

// CHECK-LABEL: tile.func @masked
// CHECK: neuron.affine_select %{{.*}}, %{{.*}} where %{{.*}} channel 0 step -1 gt else 0xFFF0000000000000
tile.func @masked(%x: memref<3x5xf32>, %y: memref<3x5xf32>) grid [parallel] {
  %X = tile.view %x : memref<3x5xf32> -> !tile.view<3x5xf32>
  %Y = tile.view %y : memref<3x5xf32> -> !tile.view<3x5xf32>
  %p = tile.program_id 0 : index
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %ninf = arith.constant 0xFF800000 : f32
  %t = tile.load %X[%p, %c0] pad zero : !tile.view<3x5xf32> -> tensor<4x8xf32>
  %i = tile.iota : tensor<8xindex>
  %ie = tile.expand_dims %i dim 0 : tensor<8xindex> -> tensor<1x8xindex>
  %ib = tile.broadcast %ie : tensor<1x8xindex> -> tensor<4x8xindex>
  %n = tile.splat %c5 : index -> tensor<4x8xindex>
  %in = arith.cmpi slt, %ib, %n : tensor<4x8xindex>
  %fill = tile.splat %ninf : f32 -> tensor<4x8xf32>
  %masked = arith.select %in, %t, %fill : tensor<4x8xi1>, tensor<4x8xf32>
  %m = tile.reduce max %masked dim 1 : tensor<4x8xf32> -> tensor<4xf32>
  %m1 = tile.expand_dims %m dim 1 : tensor<4xf32> -> tensor<4x1xf32>
  %mb = tile.broadcast %m1 : tensor<4x1xf32> -> tensor<4x8xf32>
  %r = arith.subf %t, %mb : tensor<4x8xf32>
  tile.store %r, %Y[%p, %c0] bounds_check : tensor<4x8xf32>, !tile.view<3x5xf32>
  tile.return
}
