// RUN: strata-opt --tile-to-neuron=chip=trn1 %s | FileCheck %s
// NO-DIFF: tile and neuron are Strata's own dialects.

// A guarded load whose block does not change in the loop (A[pm, 0]) is
// copied into SBUF once, before the loop; B's block changes with k and is
// copied in every iteration. A loop that stores keeps its loads.

// CHECK-LABEL: tile.func @fixed_a
// CHECK: %[[A:.*]] = neuron.alloc : <8x8xf32, sbuf>
// CHECK: neuron.dma_copy %[[A]], %{{.*}}[%{{.*}}, %{{.*}}] bounds_check : !neuron.tile<8x8xf32, sbuf>
// CHECK: neuron.affine_range
// CHECK-NOT: neuron.dma_copy %[[A]]
// CHECK: neuron.dma_copy %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] bounds_check : !neuron.tile<8x16xf32, sbuf>
tile.func @fixed_a(%a: memref<13x8xf32>, %b: memref<24x20xf32>, %c: memref<13x20xf32>) grid [parallel, parallel] {
  %A = tile.view %a : memref<13x8xf32> -> !tile.view<?x?xf32>
  %B = tile.view %b : memref<24x20xf32> -> !tile.view<?x?xf32>
  %C = tile.view %c : memref<13x20xf32> -> !tile.view<?x?xf32>
  %pm = tile.program_id 0 : index
  %pn = tile.program_id 1 : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant dense<0.0> : tensor<8x16xf32>
  %acc = scf.for %k = %c0 to %c3 step %c1 iter_args(%acc_i = %zero) -> (tensor<8x16xf32>) {
    %x = tile.load %A[%pm, %c0] pad zero : !tile.view<?x?xf32> -> tensor<8x8xf32>
    %y = tile.load %B[%k, %pn] pad zero : !tile.view<?x?xf32> -> tensor<8x16xf32>
    %d = tile.dot %x, %y, %acc_i : tensor<8x8xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
    scf.yield %d : tensor<8x16xf32>
  }
  tile.store %acc, %C[%pm, %pn] bounds_check : tensor<8x16xf32>, !tile.view<?x?xf32>
  tile.return
}

// CHECK-LABEL: tile.func @stores
// CHECK: neuron.sequential_range
// CHECK: neuron.dma_copy %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] bounds_check : !neuron.tile<8x16xf32, sbuf>
// CHECK: neuron.dma_copy %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}} bounds_check
tile.func @stores(%a: memref<8x16xf32>) grid [parallel] {
  %A = tile.view %a : memref<8x16xf32> -> !tile.view<?x?xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  scf.for %k = %c0 to %c3 step %c1 {
    %x = tile.load %A[%c0, %c0] pad zero : !tile.view<?x?xf32> -> tensor<8x16xf32>
    %y = arith.addf %x, %x : tensor<8x16xf32>
    tile.store %y, %A[%c0, %c0] bounds_check : tensor<8x16xf32>, !tile.view<?x?xf32>
  }
  tile.return
}
