// SIGNATURE: verify after linalg-to-tile: 'tile.func' op kernel argument #N must be a memref, signless integer, index or float, but got 'siN'
// PIPELINE: builtin.module(strata-tpu-pipeline)
func.func @dest_read_after(%t: tensor<4xsi32>, %f: si32, %i: index) -> (tensor<4xsi32>, si32) {
  %e = tensor.empty() : tensor<4xsi32>
  %d = linalg.fill ins(%f : si32) outs(%e : tensor<4xsi32>) -> tensor<4xsi32>
  %r = bufferization.materialize_in_destination %t in %d : (tensor<4xsi32>, tensor<4xsi32>) -> tensor<4xsi32>
  %x = tensor.extract %d[%i] : tensor<4xsi32>
  return %r, %x : tensor<4xsi32>, si32
}
