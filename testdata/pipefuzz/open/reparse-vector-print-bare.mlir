// SIGNATURE: reparse: expected ':'
// PIPELINE: builtin.module(convert-vector-to-scf)
func.func @compute(%z: vector<i8>, %w: vector<i8>) {
  %11 = arith.floordivsi %z, %w : vector<i8>
  vector.print %11 : vector<i8>
  %13:2 = arith.mului_extended %z, %w : vector<i8>
  vector.print %13#1 : vector<i8>
  return
}
