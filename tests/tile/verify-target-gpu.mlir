// RUN: strata-opt --split-input-file --verify-diagnostics --tile-verify-target=target=sm_90a %s

// tile-verify-target on NVIDIA sm_90a: shared memory, matrix shapes and
// types.

// expected-error @below {{'tile.func' op its loaded blocks need 262144 bytes of shared memory per program, but sm_90a has 232448}}
tile.func @smem(%a: memref<?x?xbf16>) grid [parallel] {
  %A = tile.view %a : memref<?x?xbf16> -> !tile.view<?x?xbf16>
  %c0 = arith.constant 0 : index
  %x = tile.load %A[%c0, %c0] pad zero : !tile.view<?x?xbf16> -> tensor<256x256xbf16>
  %y = tile.load %A[%c0, %c0] pad zero : !tile.view<?x?xbf16> -> tensor<256x256xbf16>
  tile.return
}

// -----

tile.func @shape() grid [parallel] {
  %a = arith.constant dense<0.0> : tensor<100x64xbf16>
  %b = arith.constant dense<0.0> : tensor<64x128xbf16>
  %c = arith.constant dense<0.0> : tensor<100x128xf32>
  // expected-error @below {{'tile.dot' op block 100x128x64 (MxNxK) is not a multiple of a matrix instruction shape of sm_90a for these types (64x8x16, 16x8x16)}}
  %d = tile.dot %a, %b, %c : tensor<100x64xbf16>, tensor<64x128xbf16> -> tensor<100x128xf32>
  tile.return
}

// -----

// A batched dot is checked matrix by matrix.
tile.func @batched() grid [parallel] {
  %a = arith.constant dense<0.0> : tensor<2x100x64xbf16>
  %b = arith.constant dense<0.0> : tensor<2x64x128xbf16>
  %c = arith.constant dense<0.0> : tensor<2x100x128xf32>
  // expected-error @below {{'tile.dot' op block 100x128x64 (MxNxK) is not a multiple of a matrix instruction shape of sm_90a for these types (64x8x16, 16x8x16)}}
  %d = tile.dot %a, %b, %c : tensor<2x100x64xbf16>, tensor<2x64x128xbf16> -> tensor<2x100x128xf32>
  tile.return
}

// -----

tile.func @types() grid [parallel] {
  %a = arith.constant dense<0.0> : tensor<64x64xf8E4M3FNUZ>
  %c = arith.constant dense<0.0> : tensor<64x64xf32>
  // expected-error @below {{'tile.dot' op sm_90a has no matrix instruction for f8E4M3FNUZ inputs with a f32 accumulator}}
  %d = tile.dot %a, %a, %c : tensor<64x64xf8E4M3FNUZ>, tensor<64x64xf8E4M3FNUZ> -> tensor<64x64xf32>
  %h = arith.constant dense<0.0> : tensor<64x64xf16>
  %hc = arith.constant dense<0.0> : tensor<64x64xf16>
  %e = tile.dot %h, %h, %hc : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf16>
  %f = arith.constant dense<0.0> : tensor<8x8xf32>
  %g = tile.dot %f, %f, %f : tensor<8x8xf32>, tensor<8x8xf32> -> tensor<8x8xf32>
  // expected-error @below {{'tile.dot' op block 8x8x8 (MxNxK) is not a multiple of a matrix instruction shape of sm_90a for these types (64x8x8, 16x8x8)}}
  %t = tile.dot %f, %f, %f precision tf32 : tensor<8x8xf32>, tensor<8x8xf32> -> tensor<8x8xf32>
  %e4 = arith.constant dense<0.0> : tensor<64x32xf8E4M3FN>
  %e5 = arith.constant dense<0.0> : tensor<32x64xf8E5M2>
  %c2 = arith.constant dense<0.0> : tensor<64x64xf32>
  %m = tile.dot %e4, %e5, %c2 : tensor<64x32xf8E4M3FN>, tensor<32x64xf8E5M2> -> tensor<64x64xf32>
  tile.return
}
