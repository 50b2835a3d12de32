// RUN: strata-opt --split-input-file --verify-diagnostics --tile-to-neuron=chip=trn1 %s

// Kernels whose tiles do not fit the NeuronCore are reported at the tile
// operation, and the kernel is left as it was (never lowered, never
// emitted).

tile.func @rows(%a: memref<?x?xf32>) grid [parallel] {
  %A = tile.view %a : memref<?x?xf32> -> !tile.view<?x?xf32>
  %c0 = arith.constant 0 : index
  // expected-error @below {{'tile.load' op a tile of 256 rows needs 256 partitions, over trn1's 128: re-block the kernel with at most 128 rows per block}}
  %x = tile.load %A[%c0, %c0] pad zero : !tile.view<?x?xf32> -> tensor<256x64xf32>
  tile.store %x, %A[%c0, %c0] bounds_check : tensor<256x64xf32>, !tile.view<?x?xf32>
  tile.return
}

// -----

tile.func @contraction(%a: memref<?x?xbf16>, %c: memref<?x?xf32>) grid [parallel] {
  %A = tile.view %a : memref<?x?xbf16> -> !tile.view<?x?xbf16>
  %C = tile.view %c : memref<?x?xf32> -> !tile.view<?x?xf32>
  %c0 = arith.constant 0 : index
  %x = tile.load %A[%c0, %c0] pad zero : !tile.view<?x?xbf16> -> tensor<128x256xbf16>
  %y = arith.constant dense<1.0> : tensor<256x128xbf16>
  %z = arith.constant dense<0.0> : tensor<128x128xf32>
  // expected-error @below {{'tile.dot' op a dot over K = 256 needs 256 partitions for the contraction, over trn1's 128: re-block the kernel with K blocks of at most 128}}
  %d = tile.dot %x, %y, %z : tensor<128x256xbf16>, tensor<256x128xbf16> -> tensor<128x128xf32>
  tile.store %d, %C[%c0, %c0] bounds_check : tensor<128x128xf32>, !tile.view<?x?xf32>
  tile.return
}

// -----

tile.func @moving(%a: memref<?x?xbf16>, %c: memref<?x?xf32>) grid [parallel] {
  %A = tile.view %a : memref<?x?xbf16> -> !tile.view<?x?xbf16>
  %C = tile.view %c : memref<?x?xf32> -> !tile.view<?x?xf32>
  %c0 = arith.constant 0 : index
  %x = tile.load %A[%c0, %c0] pad zero : !tile.view<?x?xbf16> -> tensor<128x128xbf16>
  %y = tile.load %A[%c0, %c0] pad zero : !tile.view<?x?xbf16> -> tensor<128x1024xbf16>
  %z = arith.constant dense<0.0> : tensor<128x1024xf32>
  // expected-error @below {{'tile.dot' op a dot block of 1024 columns needs a moving operand of 1024 columns, over trn1's 512: re-block the kernel}}
  %d = tile.dot %x, %y, %z : tensor<128x128xbf16>, tensor<128x1024xbf16> -> tensor<128x1024xf32>
  tile.store %d, %C[%c0, %c0] bounds_check : tensor<128x1024xf32>, !tile.view<?x?xf32>
  tile.return
}

// -----

tile.func @transpose(%a: memref<?x?xf32>) grid [parallel] {
  %A = tile.view %a : memref<?x?xf32> -> !tile.view<?x?xf32>
  %c0 = arith.constant 0 : index
  %x = tile.load %A[%c0, %c0] pad zero : !tile.view<?x?xf32> -> tensor<64x256xf32>
  // expected-error @below {{'tile.transpose' op transposing a tile of 256 columns gives 256 partitions, over trn1's 128: re-block the kernel}}
  %t = tile.transpose %x [1, 0] : tensor<64x256xf32> -> tensor<256x64xf32>
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
