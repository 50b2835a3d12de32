// SIGNATURE: verify after convert-math-to-llvm: 'llvm.intr.powi' op operand #N must be signless integer, but got 'vector<NxiN>'
// PIPELINE: builtin.module(convert-math-to-llvm)
func.func @fpowi(%vb: vector<4xf64>, %vp: vector<4xi16>) {
  %1 = math.fpowi %vb, %vp : vector<4xf64>, vector<4xi16>
  return
}
