// RUN: strata-opt --split-input-file --verify-diagnostics --tile-to-neuron=chip=trn1 %s

// Kernels whose tiles do not fit the NeuronCore are reported at the tile
// operation, and the kernel is left as it was (never lowered, never
// emitted).

// A tile larger than one instruction takes is re-blocked
// (tile-to-neuron-reblock.mlir); what cannot be re-blocked within the
// chip is reported. Eight PSUM banks hold at most eight 128x512 f32
// tiles live at once: a 256x2048 accumulator carried by a loop keeps
// eight live through the loop, and the transposes of the stationary
// operand in the loop need a ninth.
tile.func @psum(%a: memref<?x?xf32>, %c: memref<?x?xf32>) grid [parallel] {
  %A = tile.view %a : memref<?x?xf32> -> !tile.view<?x?xf32>
  %C = tile.view %c : memref<?x?xf32> -> !tile.view<?x?xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %f0 = arith.constant 0.0 : f32
  %z = tile.splat %f0 : f32 -> tensor<256x2048xf32>
  %acc = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc_i = %z) -> (tensor<256x2048xf32>) {
    %x = tile.load %A[%c0, %k] pad zero : !tile.view<?x?xf32> -> tensor<256x128xf32>
    %y = tile.load %A[%k, %c0] pad zero : !tile.view<?x?xf32> -> tensor<128x2048xf32>
    // expected-error @below {{'neuron.alloc' op the kernel's PSUM tiles need 9 banks per partition, over the 8 of trn1}}
    %d = tile.dot %x, %y, %acc_i : tensor<256x128xf32>, tensor<128x2048xf32> -> tensor<256x2048xf32>
    scf.yield %d : tensor<256x2048xf32>
  }
  tile.store %acc, %C[%c0, %c0] bounds_check : tensor<256x2048xf32>, !tile.view<?x?xf32>
  tile.return
}

// -----

// SBUF holds 192 KiB per partition on trn1: rows of 65536 f32 (256 KiB)
// do not fit, whatever the number of rows.
tile.func @sbuf(%a: memref<?x?xf32>) grid [parallel] {
  %A = tile.view %a : memref<?x?xf32> -> !tile.view<?x?xf32>
  %c0 = arith.constant 0 : index
  // expected-error @below {{'neuron.alloc' op the kernel's SBUF tiles need 262144 bytes per partition, over the 196608 of trn1}}
  %x = tile.load %A[%c0, %c0] pad zero : !tile.view<?x?xf32> -> tensor<256x65536xf32>
  tile.store %x, %A[%c0, %c0] bounds_check : tensor<256x65536xf32>, !tile.view<?x?xf32>
  tile.return
}

// -----

// An operation the lowering does not know is a warning, and the kernel
// stays at the tile level.
tile.func @batched(%c: memref<?x?x?xf32>) grid [parallel] {
  %C = tile.view %c : memref<?x?x?xf32> -> !tile.view<?x?x?xf32>
  %c0 = arith.constant 0 : index
  %x = arith.constant dense<1.0> : tensor<2x8x8xf32>
  // expected-warning @below {{'tile.dot' op tile-to-neuron does not lower batched dots; the kernel stays at the tile level}}
  %d = tile.dot %x, %x, %x : tensor<2x8x8xf32>, tensor<2x8x8xf32> -> tensor<2x8x8xf32>
  tile.store %d, %C[%c0, %c0, %c0] bounds_check : tensor<2x8x8xf32>, !tile.view<?x?x?xf32>
  tile.return
}

// -----

// A block of two batches is not one 2-D tile.
tile.func @batch2(%x: memref<?x?x64xf32>) grid [parallel] {
  %X = tile.view %x : memref<?x?x64xf32> -> !tile.view<?x?x64xf32>
  %c0 = arith.constant 0 : index
  // expected-warning @below {{'tile.load' op tile-to-neuron does not lower blocks of rank 3 whose leading dimensions are not 1; the kernel stays at the tile level}}
  %t = tile.load %X[%c0, %c0, %c0] pad zero : !tile.view<?x?x64xf32> -> tensor<2x32x64xf32>
  tile.store %t, %X[%c0, %c0, %c0] bounds_check : tensor<2x32x64xf32>, !tile.view<?x?x64xf32>
  tile.return
}

// -----

// A remainder by a value known only at run time has no immediate.
tile.func @remainder(%x: memref<?x?xf32>, %n: index) grid [parallel] {
  %X = tile.view %x : memref<?x?xf32> -> !tile.view<?x?xf32>
  %c0 = arith.constant 0 : index
  %i = tile.iota : tensor<32xindex>
  %e = tile.expand_dims %i dim 1 : tensor<32xindex> -> tensor<32x1xindex>
  %b = tile.broadcast %e : tensor<32x1xindex> -> tensor<32x64xindex>
  %s = tile.splat %n : index -> tensor<32x64xindex>
  // expected-warning @below {{'arith.remui' op tile-to-neuron does not lower remainders of tiles other than of a 2-D index tile by a positive constant; the kernel stays at the tile level}}
  %r = arith.remui %b, %s : tensor<32x64xindex>
  %f = arith.index_cast %r : tensor<32x64xindex> to tensor<32x64xi32>
  %g = arith.sitofp %f : tensor<32x64xi32> to tensor<32x64xf32>
  tile.store %g, %X[%c0, %c0] bounds_check : tensor<32x64xf32>, !tile.view<?x?xf32>
  tile.return
}
