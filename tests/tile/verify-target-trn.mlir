// RUN: strata-opt --split-input-file --verify-diagnostics --tile-verify-target=target=trn1 %s

// tile-verify-target on Trainium: 128 partitions, 2 KiB PSUM tiles, no
// fp8 on trn1.

tile.func @partitions(%a: memref<?x?xbf16>) grid [parallel] {
  %A = tile.view %a : memref<?x?xbf16> -> !tile.view<?x?xbf16>
  %c0 = arith.constant 0 : index
  %ok = tile.load %A[%c0, %c0] pad zero : !tile.view<?x?xbf16> -> tensor<128x512xbf16>
  // expected-error @below {{'tile.load' op tile of shape 256x64 has 256 partitions, over trn1's limit of 128}}
  %x = tile.load %A[%c0, %c0] pad zero : !tile.view<?x?xbf16> -> tensor<256x64xbf16>
  // expected-error @below {{'tile.transpose' op tile of shape 512x128 has 512 partitions, over trn1's limit of 128}}
  %t = tile.transpose %ok [1, 0] : tensor<128x512xbf16> -> tensor<512x128xbf16>
  %a2 = arith.constant dense<0.0> : tensor<128x128xbf16>
  %b = arith.constant dense<0.0> : tensor<128x1024xbf16>
  %c = arith.constant dense<0.0> : tensor<128x1024xf32>
  // expected-error @below {{'tile.dot' op accumulator of 1024 columns of f32 needs 4096 bytes per partition, over a PSUM tile of 2048 on trn1}}
  %d = tile.dot %a2, %b, %c : tensor<128x128xbf16>, tensor<128x1024xbf16> -> tensor<128x1024xf32>
  %e = arith.constant dense<0.0> : tensor<64x64xf8E4M3FN>
  %ec = arith.constant dense<0.0> : tensor<64x64xf32>
  // expected-error @below {{'tile.dot' op trn1 has no matrix instruction for f8E4M3FN inputs with a f32 accumulator}}
  %f = tile.dot %e, %e, %ec : tensor<64x64xf8E4M3FN>, tensor<64x64xf8E4M3FN> -> tensor<64x64xf32>
  tile.return
}
