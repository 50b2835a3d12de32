// SIGNATURE: verify after one-shot-bufferize: 'linalg.pack' op requires one result
// PIPELINE: builtin.module(one-shot-bufferize{allow-unknown-ops=true bufferize-function-boundaries=true})
func.func @test_pack_tensor(%arg0: tensor<128x256xf32>, %arg1: tensor<16x8x8x32xf32>) -> tensor<16x8x8x32xf32> {
  %0 = linalg.pack %arg0 inner_dims_pos = [0, 1] inner_tiles = [8, 1] into %arg1 : tensor<128x256xf32> -> tensor<16x8x8x32xf32>
  return %0 : tensor<16x8x8x32xf32>
}
