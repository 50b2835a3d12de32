// RMSNorm over the rows of a 9x72 bf16 matrix with a bf16 gamma, computed in f32.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @rmsnorm(%x: tensor<9x72xbf16>, %gamma: tensor<72xbf16>) -> tensor<9x72xbf16> {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 72.0 : f32
  %eps = arith.constant 1.0e-5 : f32
  %rows = tensor.empty() : tensor<9xf32>
  %z = linalg.fill ins(%zero : f32) outs(%rows : tensor<9xf32>) -> tensor<9xf32>
  %e = tensor.empty() : tensor<9x72xbf16>
  %sq = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<9x72xbf16>) outs(%z : tensor<9xf32>) {
  ^bb0(%v0: bf16, %acc: f32):
    %v = arith.extf %v0 : bf16 to f32
    %v2 = arith.mulf %v, %v : f32
    %a = arith.addf %acc, %v2 : f32
    linalg.yield %a : f32
  } -> tensor<9xf32>
  %y = linalg.generic {indexing_maps = [#id, #row, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %sq, %gamma : tensor<9x72xbf16>, tensor<9xf32>, tensor<72xbf16>) outs(%e : tensor<9x72xbf16>) {
  ^bb0(%v0: bf16, %s: f32, %g0: bf16, %out: bf16):
    %g = arith.extf %g0 : bf16 to f32
    %v = arith.extf %v0 : bf16 to f32
    %ms = arith.divf %s, %n : f32
    %me = arith.addf %ms, %eps : f32
    %inv = math.rsqrt %me : f32
    %nrm = arith.mulf %v, %inv : f32
    %r0 = arith.mulf %nrm, %g : f32
    %r = arith.truncf %r0 : f32 to bf16
    linalg.yield %r : bf16
  } -> tensor<9x72xbf16>
  return %y : tensor<9x72xbf16>
}
