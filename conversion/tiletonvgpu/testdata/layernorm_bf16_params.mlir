// LayerNorm over the rows of a 9x72 bf16 matrix with bf16 gamma and beta, computed in f32.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @layernorm(%x: tensor<9x72xbf16>, %gamma: tensor<72xbf16>, %beta: tensor<72xbf16>) -> tensor<9x72xbf16> {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 72.0 : f32
  %eps = arith.constant 1.0e-5 : f32
  %rows = tensor.empty() : tensor<9xf32>
  %z = linalg.fill ins(%zero : f32) outs(%rows : tensor<9xf32>) -> tensor<9xf32>
  %e = tensor.empty() : tensor<9x72xbf16>
  %ef = tensor.empty() : tensor<9x72xf32>
  %sum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<9x72xbf16>) outs(%z : tensor<9xf32>) {
  ^bb0(%v0: bf16, %acc: f32):
    %v = arith.extf %v0 : bf16 to f32
    %a = arith.addf %acc, %v : f32
    linalg.yield %a : f32
  } -> tensor<9xf32>
  %cent = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %sum : tensor<9x72xbf16>, tensor<9xf32>) outs(%ef : tensor<9x72xf32>) {
  ^bb0(%v0: bf16, %s: f32, %out: f32):
    %v = arith.extf %v0 : bf16 to f32
    %mean = arith.divf %s, %n : f32
    %cc = arith.subf %v, %mean : f32
    linalg.yield %cc : f32
  } -> tensor<9x72xf32>
  %sq = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%cent : tensor<9x72xf32>) outs(%z : tensor<9xf32>) {
  ^bb0(%cv: f32, %acc: f32):
    %c2 = arith.mulf %cv, %cv : f32
    %a = arith.addf %acc, %c2 : f32
    linalg.yield %a : f32
  } -> tensor<9xf32>
  %y = linalg.generic {indexing_maps = [#id, #row, #col, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%cent, %sq, %gamma, %beta : tensor<9x72xf32>, tensor<9xf32>, tensor<72xbf16>, tensor<72xbf16>) outs(%e : tensor<9x72xbf16>) {
  ^bb0(%cv: f32, %s: f32, %g0: bf16, %b0: bf16, %out: bf16):
    %g = arith.extf %g0 : bf16 to f32
    %b = arith.extf %b0 : bf16 to f32
    %var = arith.divf %s, %n : f32
    %ve = arith.addf %var, %eps : f32
    %inv = math.rsqrt %ve : f32
    %nrm = arith.mulf %cv, %inv : f32
    %sc = arith.mulf %nrm, %g : f32
    %r0 = arith.addf %sc, %b : f32
    %r = arith.truncf %r0 : f32 to bf16
    linalg.yield %r : bf16
  } -> tensor<9x72xbf16>
  return %y : tensor<9x72xbf16>
}
