// RUN: strata-opt --split-input-file --verify-diagnostics --tile-verify-target=target=gfx90a %s

// tile-verify-target on AMD gfx90a: 64 KiB of LDS, no fp8 MFMA.

// expected-error @below {{'tile.func' op its loaded blocks need 65600 bytes of LDS per program, but gfx90a has 65536}}
tile.func @lds(%a: memref<?x?xf32>) grid [parallel, parallel] {
  %A = tile.view %a : memref<?x?xf32> -> !tile.view<?x?xf32>
  %c0 = arith.constant 0 : index
  %x = tile.load %A[%c0, %c0] pad zero : !tile.view<?x?xf32> -> tensor<128x128xf32>
  %o = tile.iota : tensor<16xindex>
  %g = tile.gather %A[%o, %o] pad zero : !tile.view<?x?xf32>, tensor<16xindex> -> tensor<16xf32>
  %acc = arith.constant dense<0.0> : tensor<128x128xf32>
  %d = tile.dot %x, %x, %acc : tensor<128x128xf32>, tensor<128x128xf32> -> tensor<128x128xf32>
  tile.return
}

// -----

tile.func @fp8() grid [parallel] {
  %a = arith.constant dense<0.0> : tensor<32x32xf8E4M3FNUZ>
  %c = arith.constant dense<0.0> : tensor<32x32xf32>
  // expected-error @below {{'tile.dot' op gfx90a has no matrix instruction for f8E4M3FNUZ inputs with a f32 accumulator}}
  %d = tile.dot %a, %a, %c : tensor<32x32xf8E4M3FNUZ>, tensor<32x32xf8E4M3FNUZ> -> tensor<32x32xf32>
  %t = arith.constant dense<0.0> : tensor<32x32xf32>
  // expected-error @below {{'tile.dot' op gfx90a has no matrix instruction for f32 (precision tf32) inputs with a f32 accumulator}}
  %e = tile.dot %t, %t, %t precision tf32 : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
  tile.return
}
