// SIGNATURE: crash at dialects/tile.verifyBlockAccess: runtime error: integer divide by zero
// PIPELINE: builtin.module(tile-to-tpu)
tile.func @small(%a: memref<8x16xbf16>, %b: memref<16x8xbf16>, %c: memref<8x8xf32>) grid [parallel] {
  %c0 = arith.constant 0 : index
  %va = tile.view %a : memref<8x16xbf16> -> !tile.view<8x16xbf16>
  %vb = tile.view %b : memref<16x8xbf16> -> !tile.view<16x8xbf16>
  %vc = tile.view %c : memref<8x8xf32> -> !tile.view<8x8xf32>
  %x = tile.load %va[%c0, %c0] : !tile.view<8x16xbf16> -> tensor<8x16xbf16>
  %y = tile.load %vb[%c0, %c0] : !tile.view<16x8xbf16> -> tensor<16x0xbf16>
  %z = tile.load %vc[%c0, %c0] : !tile.view<8x8xf32> -> tensor<8x8xf32>
  %d = tile.dot %x, %y, %z : tensor<8x16xbf16>, tensor<16x0xbf16> -> tensor<8x8xf32>
  tile.store %d, %vc[%c0, %c0] : tensor<8x8xf32>, !tile.view<8x8xf32>
  tile.return
}
