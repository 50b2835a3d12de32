// y = transpose(x + transpose(w)) at the tile level: the transposes
// permute the layouts of the tiles, the registers stay.
func.func @k(%x: memref<24x40xf32>, %w: memref<40x24xf32>, %y: memref<40x24xf32>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  tile.launch @kern grid [%c1, %c2] (%x, %w, %y) : memref<24x40xf32>, memref<40x24xf32>, memref<40x24xf32>
  return
}
tile.func @kern(%x: memref<24x40xf32>, %w: memref<40x24xf32>, %y: memref<40x24xf32>) grid [parallel, parallel] {
  %p = tile.program_id 0 : index
  %q = tile.program_id 1 : index
  %vx = tile.view %x : memref<24x40xf32> -> !tile.view<24x40xf32>
  %vw = tile.view %w : memref<40x24xf32> -> !tile.view<40x24xf32>
  %vy = tile.view %y : memref<40x24xf32> -> !tile.view<40x24xf32>
  %a = tile.load %vx[%p, %q] pad zero : !tile.view<24x40xf32> -> tensor<32x32xf32>
  %b = tile.load %vw[%q, %p] pad zero : !tile.view<40x24xf32> -> tensor<32x32xf32>
  %bt = tile.transpose %b [1, 0] : tensor<32x32xf32> -> tensor<32x32xf32>
  %s = arith.addf %a, %bt : tensor<32x32xf32>
  %st = tile.transpose %s [1, 0] : tensor<32x32xf32> -> tensor<32x32xf32>
  tile.store %st, %vy[%q, %p] bounds_check : tensor<32x32xf32>, !tile.view<40x24xf32>
  tile.return
}
