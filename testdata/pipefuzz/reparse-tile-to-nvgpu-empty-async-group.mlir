// SIGNATURE: reparse: expected operation name in quotes
// PIPELINE: builtin.module(linalg-to-tile{target=sm_80 tile-sizes=16,16,16}, tile-to-nvgpu)
func.func @gemm(%a: tensor<32x64xf16>, %b: tensor<64x32xf16>, %c: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %mm = linalg.matmul ins(%a, %b : tensor<32x64xf16>, tensor<64x32xf16>) outs(%c : tensor<32x32xf32>) -> tensor<32x32xf32>
  return %mm : tensor<32x32xf32>
}
