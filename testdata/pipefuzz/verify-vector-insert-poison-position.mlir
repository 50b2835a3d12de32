// SIGNATURE: verify after convert-vector-to-llvm: 'llvm.extractvalue' op position out of bounds: -N
// PIPELINE: builtin.module(convert-vector-to-llvm)
func.func @f(%w: vector<2x4xf32>, %a: f32, %i: index) -> vector<2x4xf32> {
  %x = vector.insert %a, %w[-1, %i] : f32 into vector<2x4xf32>
  return %x : vector<2x4xf32>
}
