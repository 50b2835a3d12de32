// SIGNATURE: verify after convert-func-to-llvm: 'affine.for' op operand cannot be used as a symbol
// PIPELINE: builtin.module(convert-func-to-llvm)
func.func @loops(%n: index, %m: index) -> index {
  %c0 = arith.constant 255 : index
  %r:2 = affine.for %i = -5 to %m step 2 iter_args(%a = %c0, %b = %n) -> (index, index) {
    affine.yield %b, %a : index, index
  }
  return %r#0 : index
}
