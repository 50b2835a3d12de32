// SIGNATURE: verify after convert-func-to-llvm: 'llvm.call' op 'gcd' does not reference a valid LLVM function
// PIPELINE: builtin.module(func.func(convert-func-to-llvm))
func.func @gcd(%a: i64, %b: i64) -> i64 {
  return %a : i64
}
func.func @main() {
  %a = arith.constant 2142 : i64
  %b = arith.constant 462 : i64
  %g = call @gcd(%a, %b) : (i64, i64) -> i64
  return
}
