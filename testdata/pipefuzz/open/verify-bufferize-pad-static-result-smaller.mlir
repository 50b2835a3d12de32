// SIGNATURE: verify after one-shot-bufferize: slice along dimension N runs out-of-bounds: N >= N
// PIPELINE: builtin.module(one-shot-bufferize{bufferize-function-boundaries})
func.func @pad_asymmetrical(%arg0: tensor<2x3xf32>, %ub0: index, %ub1: index,
                       %pad_value: f32) -> tensor<1x?xf32> {
  %0 = tensor.pad %arg0 low[0, 0] high[%ub0, %ub1] {
    ^bb0(%arg1: index, %arg2: index):
      tensor.yield %pad_value : f32
    } : tensor<2x3xf32> to tensor<1x?xf32>
  return %0 : tensor<1x?xf32>
}
