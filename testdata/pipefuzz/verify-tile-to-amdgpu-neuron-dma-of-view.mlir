// SIGNATURE: verify after tile-to-amdgpu: 'neuron.dma_copy' op the device-memory operand must be a !tile.view, but got memref<?x?xfN>
// PIPELINE: builtin.module(tile-to-neuron,tile-to-amdgpu)
tile.func @fits(%a: memref<?x?xf32>) grid [parallel, parallel] {
  %A = tile.view %a : memref<?x?xf32> -> !tile.view<?x?xf32>
  %c0 = arith.constant 0 : index
  %y = tile.load %A[%c0, %c0] pad zero : !tile.view<?x?xf32> -> tensor<128x128xf32>
  tile.return
}
