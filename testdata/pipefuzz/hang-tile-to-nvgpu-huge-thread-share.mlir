// SIGNATURE: hang in rocdl-attach-target,tile-to-nvgpu
// PIPELINE: builtin.module(rocdl-attach-target,tile-to-nvgpu)

tile.func @sbuf(%a: memref<?x?xindex>) grid [parallel] {
  %A = tile.view %a : memref<?x?xindex> -> !tile.view<?x?xindex>
  %c0 = arith.constant 0 : index
  %x = tile.load %A[%c0, %c0] pad zero : !tile.view<?x?xindex> -> tensor<256x65536xindex>
  tile.store %x, %A[%c0, %c0] bounds_check : tensor<256x65536xindex>, !tile.view<?x?xindex>
  tile.return
}

