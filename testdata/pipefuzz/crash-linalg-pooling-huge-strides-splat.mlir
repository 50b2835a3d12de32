// SIGNATURE: crash at dialects/linalg.denseInt64s: out of memory
// PIPELINE: builtin.module(expand-strided-metadata)
func.func @main(%img: tensor<1x7x7x2xf32>, %win: tensor<3x3xf32>, %pz: tensor<1x5x5x2xf32>) -> tensor<1x5x5x2xf32> {
  %ps = linalg.pooling_nhwc_sum {dilations = dense<1> : tensor<1099511627776xi64>, strides = dense<1> : tensor<1099511627776xi64>}
      ins(%img, %win : tensor<1x7x7x2xf32>, tensor<3x3xf32>) outs(%pz : tensor<1x5x5x2xf32>) -> tensor<1x5x5x2xf32>
  return %ps : tensor<1x5x5x2xf32>
}
