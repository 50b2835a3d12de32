// RUN: strata-opt --tile-to-neuron=chip=trn1 %s | FileCheck %s
// NO-DIFF: tile and neuron are Strata's own dialects.

// A k block of 256 is longer than the tensor engine's contraction (128
// partitions): the dot is re-blocked into two nc_matmuls over 128-element
// pieces of K, loaded at element offsets, both accumulating into the
// loop's PSUM tile, and the loop stays an affine_range.

// CHECK-LABEL: tile.func @ksplit
// CHECK: %[[ACC:.*]] = neuron.alloc : <16x32xf32, psum>
// CHECK: neuron.affine_range
// CHECK: neuron.dma_copy %[[A0:.*]], %{{.*}}[%{{.*}}, %{{.*}}] bounds_check : !neuron.tile<16x128xf32, sbuf>
// CHECK: neuron.dma_copy %[[A1:.*]], %{{.*}}[%{{.*}}, %{{.*}}] bounds_check : !neuron.tile<16x128xf32, sbuf>
// CHECK: neuron.dma_copy %[[B0:.*]], %{{.*}}[%{{.*}}, %{{.*}}] bounds_check : !neuron.tile<128x32xf32, sbuf>
// CHECK: neuron.dma_copy %[[B1:.*]], %{{.*}}[%{{.*}}, %{{.*}}] bounds_check : !neuron.tile<128x32xf32, sbuf>
// CHECK: neuron.nc_transpose %{{.*}}, %[[A0]]
// CHECK: neuron.nc_matmul %[[ACC]], %{{.*}}, %[[B0]] : <16x32xf32, psum>, <128x16xf32, sbuf>, <128x32xf32, sbuf>
// CHECK: neuron.nc_transpose %{{.*}}, %[[A1]]
// CHECK: neuron.nc_matmul %[[ACC]], %{{.*}}, %[[B1]] : <16x32xf32, psum>, <128x16xf32, sbuf>, <128x32xf32, sbuf>
// CHECK-NOT: nc_matmul
tile.func @ksplit(%a: memref<20x300xf32>, %b: memref<300x40xf32>, %c: memref<20x40xf32>) grid [parallel, parallel] {
  %A = tile.view %a : memref<20x300xf32> -> !tile.view<?x?xf32>
  %B = tile.view %b : memref<300x40xf32> -> !tile.view<?x?xf32>
  %C = tile.view %c : memref<20x40xf32> -> !tile.view<?x?xf32>
  %pm = tile.program_id 0 : index
  %pn = tile.program_id 1 : index
  %nk = tile.num_blocks %A dim 1 block 256 : !tile.view<?x?xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant dense<0.0> : tensor<16x32xf32>
  %acc = scf.for %k = %c0 to %nk step %c1 iter_args(%acc_i = %zero) -> (tensor<16x32xf32>) {
    %x = tile.load %A[%pm, %k] pad zero : !tile.view<?x?xf32> -> tensor<16x256xf32>
    %y = tile.load %B[%k, %pn] pad zero : !tile.view<?x?xf32> -> tensor<256x32xf32>
    %d = tile.dot %x, %y, %acc_i : tensor<16x256xf32>, tensor<256x32xf32> -> tensor<16x32xf32>
    scf.yield %d : tensor<16x32xf32>
  }
  tile.store %acc, %C[%pm, %pn] bounds_check : tensor<16x32xf32>, !tile.view<?x?xf32>
  tile.return
}
