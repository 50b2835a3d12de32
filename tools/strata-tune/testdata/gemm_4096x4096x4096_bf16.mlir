#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @gemm(%a: tensor<4096x4096xbf16>, %b: tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4096x4096xf32>
  %o = tensor.empty() : tensor<4096x4096xbf16>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<4096x4096xbf16>, tensor<4096x4096xbf16>) outs(%acc : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm : tensor<4096x4096xf32>) outs(%o : tensor<4096x4096xbf16>) {
  ^bb0(%v: f32, %out: bf16):
    %c = arith.truncf %v : f32 to bf16
    linalg.yield %c : bf16
  } -> tensor<4096x4096xbf16>
  return %y : tensor<4096x4096xbf16>
}
