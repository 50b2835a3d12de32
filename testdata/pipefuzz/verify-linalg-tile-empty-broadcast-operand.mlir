// SIGNATURE: verify after linalg-tile: offset N is out-of-bounds: N >= N
// PIPELINE: builtin.module(linalg-tile{tile-sizes=4})
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @bias_relu(%mm: tensor<20x140xf32>, %bias: tensor<0xf32>) -> tensor<20x140xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<20x140xf32>
  %y = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<20x140xf32>, tensor<0xf32>) outs(%e : tensor<20x140xf32>) {
  ^bb0(%v: f32, %bv: f32, %out: f32):
    %s = arith.addf %v, %bv : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  } -> tensor<20x140xf32>
  return %y : tensor<20x140xf32>
}
