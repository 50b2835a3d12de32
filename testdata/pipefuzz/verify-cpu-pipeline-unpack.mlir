// SIGNATURE: verify after one-shot-bufferize: 'linalg.unpack' op requires one result
// PIPELINE: builtin.module(strata-cpu-pipeline)
func.func @test_unpack_tensor(%arg0: tensor<16x8x8x32xf32>, %arg1: tensor<128x256xf32>) -> tensor<128x256xf32> {
  %0 = linalg.unpack %arg0 inner_dims_pos = [0, 1] inner_tiles = [8, 31] into %arg1 : tensor<16x8x8x32xf32> -> tensor<128x256xf32>
  return %0 : tensor<128x256xf32>
}
