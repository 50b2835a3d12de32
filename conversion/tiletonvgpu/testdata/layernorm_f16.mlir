// LayerNorm over the rows of a 3x1003 f16 matrix, computed in f32 (bench.py's form): ragged rows, not a whole number of 16-byte vectors.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @layernorm(%x: tensor<3x1003xf16>, %gamma: tensor<1003xf32>, %beta: tensor<1003xf32>) -> tensor<3x1003xf16> {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 1003.0 : f32
  %eps = arith.constant 1.0e-5 : f32
  %rows = tensor.empty() : tensor<3xf32>
  %z = linalg.fill ins(%zero : f32) outs(%rows : tensor<3xf32>) -> tensor<3xf32>
  %e = tensor.empty() : tensor<3x1003xf16>
  %ef = tensor.empty() : tensor<3x1003xf32>
  %sum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<3x1003xf16>) outs(%z : tensor<3xf32>) {
  ^bb0(%v0: f16, %acc: f32):
    %v = arith.extf %v0 : f16 to f32
    %a = arith.addf %acc, %v : f32
    linalg.yield %a : f32
  } -> tensor<3xf32>
  %cent = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %sum : tensor<3x1003xf16>, tensor<3xf32>) outs(%ef : tensor<3x1003xf32>) {
  ^bb0(%v0: f16, %s: f32, %out: f32):
    %v = arith.extf %v0 : f16 to f32
    %mean = arith.divf %s, %n : f32
    %cc = arith.subf %v, %mean : f32
    linalg.yield %cc : f32
  } -> tensor<3x1003xf32>
  %sq = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%cent : tensor<3x1003xf32>) outs(%z : tensor<3xf32>) {
  ^bb0(%cv: f32, %acc: f32):
    %c2 = arith.mulf %cv, %cv : f32
    %a = arith.addf %acc, %c2 : f32
    linalg.yield %a : f32
  } -> tensor<3xf32>
  %y = linalg.generic {indexing_maps = [#id, #row, #col, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%cent, %sq, %gamma, %beta : tensor<3x1003xf32>, tensor<3xf32>, tensor<1003xf32>, tensor<1003xf32>) outs(%e : tensor<3x1003xf16>) {
  ^bb0(%cv: f32, %s: f32, %g: f32, %b: f32, %out: f16):
    %var = arith.divf %s, %n : f32
    %ve = arith.addf %var, %eps : f32
    %inv = math.rsqrt %ve : f32
    %nrm = arith.mulf %cv, %inv : f32
    %sc = arith.mulf %nrm, %g : f32
    %r0 = arith.addf %sc, %b : f32
    %r = arith.truncf %r0 : f32 to f16
    linalg.yield %r : f16
  } -> tensor<3x1003xf16>
  return %y : tensor<3x1003xf16>
}
