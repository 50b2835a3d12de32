// SIGNATURE: verify after canonicalize: 'vector.insert' op expected position attribute #N to be a non-negative integer smaller than the corresponding vector dimension or poison (-N)
// PIPELINE: builtin.module(canonicalize)
func.func @poison_positions(%w: vector<1x4xf32>, %a: f32, %i: index) -> vector<1x4xf32> {
  %c1 = arith.constant 1 : index
  %y = vector.insert %a, %w[%c1, %i] : f32 into vector<1x4xf32>
  return %y : vector<1x4xf32>
}
