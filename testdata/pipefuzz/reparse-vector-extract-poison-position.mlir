// SIGNATURE: reparse: invalid position for the aggregate type
// PIPELINE: builtin.module(convert-vector-to-llvm)
func.func @dynamic(%v: vector<4xf32>, %i: index, %a: f32, %w: vector<2x4xf32>) -> (f32, vector<4xf32>, f32) {
  %e = vector.extract %v[%i] : f32 from vector<4xf32>
  %n = vector.insert %a, %v[%i] : f32 into vector<4xf32>
  %x = vector.extract %w[-1, %i] : f32 from vector<2x4xf32>
  return %e, %n, %x : f32, vector<4xf32>, f32
}
