// SIGNATURE: verify after convert-math-to-libm: 'func.call' op 'expf' does not reference a valid function
// PIPELINE: builtin.module(convert-math-to-libm)
gpu.module @test_module {
  "test.symbol_scope"() ({
    func.func @gpu_exp(%a : f16) -> f16 {
      %r = math.exp %a : f16
      func.return %r : f16
    }
  }) : () -> ()
}
