// RUN: strata-opt --split-input-file --verify-diagnostics --tile-to-amdgpu=chip=gfx90a %s
// NO-DIFF: tile-to-amdgpu is Strata's own pass.

// What tile-to-amdgpu does not lower is a located error, and the module
// is left as it was.

tile.func @i8dot(%a: memref<64x32xi8>, %b: memref<32x64xi8>, %c: memref<64x64xi32>) grid [parallel, parallel] {
  %p = tile.program_id 0 : index
  %q = tile.program_id 1 : index
  %c0 = arith.constant 0 : index
  %va = tile.view %a : memref<64x32xi8> -> !tile.view<64x32xi8>
  %vb = tile.view %b : memref<32x64xi8> -> !tile.view<32x64xi8>
  %vc = tile.view %c : memref<64x64xi32> -> !tile.view<64x64xi32>
  %x = tile.load %va[%p, %c0] : !tile.view<64x32xi8> -> tensor<64x32xi8>
  %y = tile.load %vb[%c0, %q] : !tile.view<32x64xi8> -> tensor<32x64xi8>
  %z = tile.load %vc[%p, %q] : !tile.view<64x64xi32> -> tensor<64x64xi32>
  // expected-error @below {{tile-to-amdgpu{chip=gfx90a}: mfma takes f16, bf16, f32 or 8-bit float inputs and an f32 accumulator, not i8, i8 -> i32}}
  %d = tile.dot %x, %y, %z : tensor<64x32xi8>, tensor<32x64xi8> -> tensor<64x64xi32>
  tile.store %d, %vc[%p, %q] : tensor<64x64xi32>, !tile.view<64x64xi32>
  tile.return
}

// -----

tile.func @k8(%a: memref<32x8xbf16>, %b: memref<8x32xbf16>, %c: memref<32x32xf32>) grid [parallel] {
  %c0 = arith.constant 0 : index
  %va = tile.view %a : memref<32x8xbf16> -> !tile.view<32x8xbf16>
  %vb = tile.view %b : memref<8x32xbf16> -> !tile.view<8x32xbf16>
  %vc = tile.view %c : memref<32x32xf32> -> !tile.view<32x32xf32>
  %x = tile.load %va[%c0, %c0] : !tile.view<32x8xbf16> -> tensor<32x8xbf16>
  %y = tile.load %vb[%c0, %c0] : !tile.view<8x32xbf16> -> tensor<8x32xbf16>
  %z = tile.load %vc[%c0, %c0] : !tile.view<32x32xf32> -> tensor<32x32xf32>
  // expected-error @below {{tile-to-amdgpu: the k block of a tile.dot must be a multiple of 16 for mfma 16x16x16, not 8}}
  %d = tile.dot %x, %y, %z : tensor<32x8xbf16>, tensor<8x32xbf16> -> tensor<32x32xf32>
  tile.store %d, %vc[%c0, %c0] : tensor<32x32xf32>, !tile.view<32x32xf32>
  tile.return
}

// -----

// expected-error @below {{tile-to-amdgpu: tile.dot accumulator [8 8]: mfma needs power-of-two blocks of at least 16x16}}
tile.func @small(%a: memref<8x16xbf16>, %b: memref<16x8xbf16>, %c: memref<8x8xf32>) grid [parallel] {
  %c0 = arith.constant 0 : index
  %va = tile.view %a : memref<8x16xbf16> -> !tile.view<8x16xbf16>
  %vb = tile.view %b : memref<16x8xbf16> -> !tile.view<16x8xbf16>
  %vc = tile.view %c : memref<8x8xf32> -> !tile.view<8x8xf32>
  %x = tile.load %va[%c0, %c0] : !tile.view<8x16xbf16> -> tensor<8x16xbf16>
  %y = tile.load %vb[%c0, %c0] : !tile.view<16x8xbf16> -> tensor<16x8xbf16>
  %z = tile.load %vc[%c0, %c0] : !tile.view<8x8xf32> -> tensor<8x8xf32>
  %d = tile.dot %x, %y, %z : tensor<8x16xbf16>, tensor<16x8xbf16> -> tensor<8x8xf32>
  tile.store %d, %vc[%c0, %c0] : tensor<8x8xf32>, !tile.view<8x8xf32>
  tile.return
}

// -----

// An fp8 product on a chip without fp8 MFMAs (they start with gfx942).

tile.func @fp8(%a: memref<64x64xf8E4M3FNUZ>, %c: memref<64x64xf32>) grid [parallel] {
  %c0 = arith.constant 0 : index
  %va = tile.view %a : memref<64x64xf8E4M3FNUZ> -> !tile.view<64x64xf8E4M3FNUZ>
  %vc = tile.view %c : memref<64x64xf32> -> !tile.view<64x64xf32>
  %x = tile.load %va[%c0, %c0] : !tile.view<64x64xf8E4M3FNUZ> -> tensor<64x64xf8E4M3FNUZ>
  %z = tile.load %vc[%c0, %c0] : !tile.view<64x64xf32> -> tensor<64x64xf32>
  // expected-error @below {{tile-to-amdgpu: gfx90a has no MFMA for f8E4M3FNUZ x f8E4M3FNUZ inputs with a f32 accumulator (its MFMAs take f16, bf16, f32, i8, f64)}}
  %d = tile.dot %x, %x, %z : tensor<64x64xf8E4M3FNUZ>, tensor<64x64xf8E4M3FNUZ> -> tensor<64x64xf32>
  tile.store %d, %vc[%c0, %c0] : tensor<64x64xf32>, !tile.view<64x64xf32>
  tile.return
}

// -----

// Blocks whose staging needs more LDS than the chip has (2 x 64 KiB of
// f32 operands, gfx90a has 64 KiB).

// expected-error @below {{tile-to-amdgpu: the kernel needs 131072 bytes of LDS, more than the 65536 of gfx90a: choose smaller blocks}}
tile.func @big(%a: memref<256x64xf32>, %b: memref<64x256xf32>, %c: memref<256x256xf32>) grid [parallel] {
  %c0 = arith.constant 0 : index
  %va = tile.view %a : memref<256x64xf32> -> !tile.view<256x64xf32>
  %vb = tile.view %b : memref<64x256xf32> -> !tile.view<64x256xf32>
  %vc = tile.view %c : memref<256x256xf32> -> !tile.view<256x256xf32>
  %x = tile.load %va[%c0, %c0] : !tile.view<256x64xf32> -> tensor<256x64xf32>
  %y = tile.load %vb[%c0, %c0] : !tile.view<64x256xf32> -> tensor<64x256xf32>
  %z = tile.load %vc[%c0, %c0] : !tile.view<256x256xf32> -> tensor<256x256xf32>
  %d = tile.dot %x, %y, %z : tensor<256x64xf32>, tensor<64x256xf32> -> tensor<256x256xf32>
  tile.store %d, %vc[%c0, %c0] : tensor<256x256xf32>, !tile.view<256x256xf32>
  tile.return
}
