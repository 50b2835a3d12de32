#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @layernorm(%x: tensor<64x256xf32>, %gamma: tensor<256xf32>, %beta: tensor<256xf32>) -> tensor<64x256xf32> {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 256.0 : f32
  %eps = arith.constant 1.0e-5 : f32
  %rows = tensor.empty() : tensor<64xf32>
  %z = linalg.fill ins(%zero : f32) outs(%rows : tensor<64xf32>) -> tensor<64xf32>
  %e = tensor.empty() : tensor<64x256xf32>
  %ef = tensor.empty() : tensor<64x256xf32>
  %sum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<64x256xf32>) outs(%z : tensor<64xf32>) {
  ^bb0(%v0: f32, %acc: f32):
    %v = arith.addf %v0, %zero : f32
    %a = arith.addf %acc, %v : f32
    linalg.yield %a : f32
  } -> tensor<64xf32>
  %cent = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %sum : tensor<64x256xf32>, tensor<64xf32>) outs(%ef : tensor<64x256xf32>) {
  ^bb0(%v0: f32, %s: f32, %out: f32):
    %v = arith.addf %v0, %zero : f32
    %mean = arith.divf %s, %n : f32
    %cc = arith.subf %v, %mean : f32
    linalg.yield %cc : f32
  } -> tensor<64x256xf32>
  %sq = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%cent : tensor<64x256xf32>) outs(%z : tensor<64xf32>) {
  ^bb0(%cv: f32, %acc: f32):
    %c2 = arith.mulf %cv, %cv : f32
    %a = arith.addf %acc, %c2 : f32
    linalg.yield %a : f32
  } -> tensor<64xf32>
  %y = linalg.generic {indexing_maps = [#id, #row, #col, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%cent, %sq, %gamma, %beta : tensor<64x256xf32>, tensor<64xf32>, tensor<256xf32>, tensor<256xf32>) outs(%e : tensor<64x256xf32>) {
  ^bb0(%cv: f32, %s: f32, %g: f32, %b: f32, %out: f32):
    %var = arith.divf %s, %n : f32
    %ve = arith.addf %var, %eps : f32
    %inv = math.rsqrt %ve : f32
    %nrm = arith.mulf %cv, %inv : f32
    %sc = arith.mulf %nrm, %g : f32
    %r0 = arith.addf %sc, %b : f32
    %r = arith.addf %r0, %zero : f32
    linalg.yield %r : f32
  } -> tensor<64x256xf32>
  return %y : tensor<64x256xf32>
}
