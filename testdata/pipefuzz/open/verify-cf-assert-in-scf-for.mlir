// SIGNATURE: verify after convert-cf-to-llvm: 'scf.for' op expects region #N to have N or N blocks
// PIPELINE: builtin.module(convert-cf-to-llvm)
func.func @f(%n: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    cf.assert %c, "boom"
  }
  return
}
