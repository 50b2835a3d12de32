// RUN: strata-opt --split-input-file --verify-diagnostics --tile-to-nvgpu=chip=sm_80 %s
// NO-DIFF: tile-to-nvgpu is Strata's own pass.

// What tile-to-nvgpu does not lower is a located error, and the module is
// left as it was.

tile.func @f32dot(%a: memref<64x32xf32>, %b: memref<32x64xf32>, %c: memref<64x64xf32>) grid [parallel, parallel] {
  %p = tile.program_id 0 : index
  %q = tile.program_id 1 : index
  %c0 = arith.constant 0 : index
  %va = tile.view %a : memref<64x32xf32> -> !tile.view<64x32xf32>
  %vb = tile.view %b : memref<32x64xf32> -> !tile.view<32x64xf32>
  %vc = tile.view %c : memref<64x64xf32> -> !tile.view<64x64xf32>
  %x = tile.load %va[%p, %c0] : !tile.view<64x32xf32> -> tensor<64x32xf32>
  %y = tile.load %vb[%c0, %q] : !tile.view<32x64xf32> -> tensor<32x64xf32>
  %z = tile.load %vc[%p, %q] : !tile.view<64x64xf32> -> tensor<64x64xf32>
  // expected-error @below {{tile-to-nvgpu{chip=sm_80}: mma.sync m16n8k16 takes f16 or bf16 inputs and an f32 accumulator, not f32, f32 -> f32}}
  %d = tile.dot %x, %y, %z : tensor<64x32xf32>, tensor<32x64xf32> -> tensor<64x64xf32>
  tile.store %d, %vc[%p, %q] : tensor<64x64xf32>, !tile.view<64x64xf32>
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
  // expected-error @below {{tile-to-nvgpu: the k block of a tile.dot must be a multiple of 16, not 8}}
  %d = tile.dot %x, %y, %z : tensor<32x8xbf16>, tensor<8x32xbf16> -> tensor<32x32xf32>
  tile.store %d, %vc[%c0, %c0] : tensor<32x32xf32>, !tile.view<32x32xf32>
  tile.return
}

// -----

tile.func @region(%m: memref<16x16xf32>, %r: memref<16xf32>) grid [parallel] {
  %c0 = arith.constant 0 : index
  %v = tile.view %m : memref<16x16xf32> -> !tile.view<16x16xf32>
  %w = tile.view %r : memref<16xf32> -> !tile.view<16xf32>
  %x = tile.load %v[%c0, %c0] : !tile.view<16x16xf32> -> tensor<16x16xf32>
  // expected-error @below {{tile-to-nvgpu lowers tile.reduce by a combining kind, not a region}}
  %s = tile.reduce %x dim 1 combine {
  ^bb0(%a: f32, %b: f32):
    %t = arith.addf %a, %b : f32
    tile.yield %t : f32
  } : tensor<16x16xf32> -> tensor<16xf32>
  tile.store %s, %w[%c0] : tensor<16xf32>, !tile.view<16xf32>
  tile.return
}

// -----

// A tile whose share per thread is far past any register file: the
// lowering would unroll it element by element.
tile.func @huge_share(%a: memref<?x?xindex>) grid [parallel] {
  %A = tile.view %a : memref<?x?xindex> -> !tile.view<?x?xindex>
  %c0 = arith.constant 0 : index
  // expected-error @below {{tile-to-nvgpu: the tile tensor<256x65536xindex> gives each thread 32768 elements, more than the 4096 the lowering takes}}
  %x = tile.load %A[%c0, %c0] pad zero : !tile.view<?x?xindex> -> tensor<256x65536xindex>
  tile.store %x, %A[%c0, %c0] bounds_check : tensor<256x65536xindex>, !tile.view<?x?xindex>
  tile.return
}
