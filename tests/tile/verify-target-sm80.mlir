// RUN: strata-opt --split-input-file --verify-diagnostics --tile-verify-target=target=sm_80 %s

// tile-verify-target on NVIDIA sm_80: 163 KB of shared memory, no fp8
// tensor cores, mma.sync shapes.

// expected-error @below {{'tile.func' op its loaded blocks need 196608 bytes of shared memory per program, but sm_80 has 166912}}
tile.func @smem(%a: memref<?x?xbf16>) grid [parallel] {
  %A = tile.view %a : memref<?x?xbf16> -> !tile.view<?x?xbf16>
  %c0 = arith.constant 0 : index
  %x = tile.load %A[%c0, %c0] pad zero : !tile.view<?x?xbf16> -> tensor<256x256xbf16>
  %y = tile.load %A[%c0, %c0] pad zero : !tile.view<?x?xbf16> -> tensor<256x128xbf16>
  %acc = arith.constant dense<0.0> : tensor<256x128xf32>
  %d = tile.dot %x, %y, %acc : tensor<256x256xbf16>, tensor<256x128xbf16> -> tensor<256x128xf32>
  tile.return
}

// -----

tile.func @types() grid [parallel] {
  %a = arith.constant dense<0.0> : tensor<16x32xf8E4M3FN>
  %b = arith.constant dense<0.0> : tensor<32x8xf8E4M3FN>
  %c = arith.constant dense<0.0> : tensor<16x8xf32>
  // expected-error @below {{'tile.dot' op sm_80 has no matrix instruction for f8E4M3FN inputs with a f32 accumulator}}
  %d = tile.dot %a, %b, %c : tensor<16x32xf8E4M3FN>, tensor<32x8xf8E4M3FN> -> tensor<16x8xf32>
  %i = arith.constant dense<0> : tensor<16x32xi8>
  %j = arith.constant dense<0> : tensor<32x8xi8>
  %k = arith.constant dense<0> : tensor<16x8xi32>
  %e = tile.dot %i, %j, %k : tensor<16x32xi8>, tensor<32x8xi8> -> tensor<16x8xi32>
  %i2 = arith.constant dense<0> : tensor<16x16xi8>
  %j2 = arith.constant dense<0> : tensor<16x8xi8>
  // expected-error @below {{'tile.dot' op block 16x8x16 (MxNxK) is not a multiple of a matrix instruction shape of sm_80 for these types (16x8x32)}}
  %f = tile.dot %i2, %j2, %k : tensor<16x16xi8>, tensor<16x8xi8> -> tensor<16x8xi32>
  %g = arith.constant dense<0.0> : tensor<5x3xf64>
  %h = arith.constant dense<0.0> : tensor<3x7xf64>
  %l = arith.constant dense<0.0> : tensor<5x7xf64>
  %m = tile.dot %g, %h, %l : tensor<5x3xf64>, tensor<3x7xf64> -> tensor<5x7xf64>
  tile.return
}
