// RUN: strata-opt --split-input-file --verify-diagnostics --tile-verify-target=target=gfx950 %s

// tile-verify-target on AMD gfx950: 160 KiB of LDS, f16/bf16 MFMA with
// K = 16 and 32 besides the older ones, fp8 in the OCP formats only.

// The 64 KiB blocks that gfx90a and gfx942 reject fit.
tile.func @fits(%a: memref<?x?xf32>) grid [parallel, parallel] {
  %A = tile.view %a : memref<?x?xf32> -> !tile.view<?x?xf32>
  %c0 = arith.constant 0 : index
  %x = tile.load %A[%c0, %c0] pad zero : !tile.view<?x?xf32> -> tensor<128x128xf32>
  %y = tile.load %A[%c0, %c0] pad zero : !tile.view<?x?xf32> -> tensor<128x128xf32>
  tile.return
}

// -----

// expected-error @below {{'tile.func' op its loaded blocks need 196608 bytes of LDS per program, but gfx950 has 163840}}
tile.func @lds(%a: memref<?x?xf32>) grid [parallel, parallel] {
  %A = tile.view %a : memref<?x?xf32> -> !tile.view<?x?xf32>
  %c0 = arith.constant 0 : index
  %x = tile.load %A[%c0, %c0] pad zero : !tile.view<?x?xf32> -> tensor<128x128xf32>
  %y = tile.load %A[%c0, %c0] pad zero : !tile.view<?x?xf32> -> tensor<128x128xf32>
  %z = tile.load %A[%c0, %c0] pad zero : !tile.view<?x?xf32> -> tensor<128x128xf32>
  tile.return
}

// -----

tile.func @fp8() grid [parallel] {
  %a = arith.constant dense<0.0> : tensor<32x32xf8E4M3FN>
  %c = arith.constant dense<0.0> : tensor<32x32xf32>
  %d = tile.dot %a, %a, %c : tensor<32x32xf8E4M3FN>, tensor<32x32xf8E4M3FN> -> tensor<32x32xf32>
  %u = arith.constant dense<0.0> : tensor<32x32xf8E4M3FNUZ>
  // expected-error @below {{'tile.dot' op gfx950 has no matrix instruction for f8E4M3FNUZ inputs with a f32 accumulator}}
  %e = tile.dot %u, %u, %c : tensor<32x32xf8E4M3FNUZ>, tensor<32x32xf8E4M3FNUZ> -> tensor<32x32xf32>
  tile.return
}
