// softmax over the rows of a 4x1024 bf16 matrix, computed in f32 (bench.py's form): rows that warps split.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @softmax(%x: tensor<4x1024xbf16>) -> tensor<4x1024xbf16> {
  %ef = tensor.empty() : tensor<4x1024xf32>
  %e = tensor.empty() : tensor<4x1024xbf16>
  %xf = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4x1024xbf16>) outs(%ef : tensor<4x1024xf32>) {
  ^bb0(%v: bf16, %o: f32):
    %w = arith.extf %v : bf16 to f32
    linalg.yield %w : f32
  } -> tensor<4x1024xf32>
  %sf = linalg.softmax dimension(1) ins(%xf : tensor<4x1024xf32>) outs(%ef : tensor<4x1024xf32>) -> tensor<4x1024xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%sf : tensor<4x1024xf32>) outs(%e : tensor<4x1024xbf16>) {
  ^bb0(%v: f32, %o: bf16):
    %w = arith.truncf %v : f32 to bf16
    linalg.yield %w : bf16
  } -> tensor<4x1024xbf16>
  return %y : tensor<4x1024xbf16>
}

