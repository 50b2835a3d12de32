// RUN: strata-opt --split-input-file --verify-diagnostics --tile-verify-target=target=tpu-v5e %s

// tile-verify-target on TPU v5e: blocks in (8, 128) tiles unless whole.

tile.func @blocks(%a: memref<?x?xf32>, %b: memref<16x100xf32>, %v: memref<?xf32>) grid [parallel, arbitrary] {
  %A = tile.view %a : memref<?x?xf32> -> !tile.view<?x?xf32>
  %B = tile.view %b : memref<16x100xf32> -> !tile.view<16x100xf32>
  %V = tile.view %v : memref<?xf32> -> !tile.view<?xf32>
  %c0 = arith.constant 0 : index
  %ok = tile.load %A[%c0, %c0] pad zero : !tile.view<?x?xf32> -> tensor<16x256xf32>
  %whole = tile.load %B[%c0, %c0] : !tile.view<16x100xf32> -> tensor<16x100xf32>
  // expected-error @below {{'tile.load' op block 12x128: its last two dimensions must be multiples of (8, 128) or equal the view's (?x?) on tpu-v5e}}
  %rows = tile.load %A[%c0, %c0] pad zero : !tile.view<?x?xf32> -> tensor<12x128xf32>
  %t = arith.constant dense<0.0> : tensor<8x64xf32>
  // expected-error @below {{'tile.store' op block 8x64: its last two dimensions must be multiples of (8, 128) or equal the view's (16x100) on tpu-v5e}}
  tile.store %t, %B[%c0, %c0] bounds_check : tensor<8x64xf32>, !tile.view<16x100xf32>
  %u = arith.constant dense<0.0> : tensor<64xf32>
  // expected-error @below {{'tile.atomic_add' op block 64: its last two dimensions must be multiples of 128 or equal the view's (?) on tpu-v5e}}
  tile.atomic_add %u, %V[%c0] bounds_check : tensor<64xf32>, !tile.view<?xf32>
  tile.return
}

// -----

tile.func @dots() grid [parallel] {
  %a = arith.constant dense<0.0> : tensor<8x128xbf16>
  %b = arith.constant dense<0.0> : tensor<128x256xbf16>
  %c = arith.constant dense<0.0> : tensor<8x256xf32>
  %d = tile.dot %a, %b, %c : tensor<8x128xbf16>, tensor<128x256xbf16> -> tensor<8x256xf32>
  %a2 = arith.constant dense<0.0> : tensor<8x64xbf16>
  %b2 = arith.constant dense<0.0> : tensor<64x256xbf16>
  // expected-error @below {{'tile.dot' op block 8x256x64 (MxNxK) is not a multiple of a matrix instruction shape of tpu-v5e for these types (8x128x128)}}
  %e = tile.dot %a2, %b2, %c : tensor<8x64xbf16>, tensor<64x256xbf16> -> tensor<8x256xf32>
  %h = arith.constant dense<0.0> : tensor<8x128xf16>
  %hb = arith.constant dense<0.0> : tensor<128x128xf16>
  %hc = arith.constant dense<0.0> : tensor<8x128xf32>
  // expected-error @below {{'tile.dot' op tpu-v5e has no matrix instruction for f16 inputs with a f32 accumulator}}
  %f = tile.dot %h, %hb, %hc : tensor<8x128xf16>, tensor<128x128xf16> -> tensor<8x128xf32>
  tile.return
}
