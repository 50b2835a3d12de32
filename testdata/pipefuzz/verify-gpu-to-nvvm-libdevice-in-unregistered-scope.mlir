// SIGNATURE: verify after convert-gpu-to-nvvm: 'llvm.call' op '__nv_sinf' does not reference a valid LLVM function
// PIPELINE: builtin.module(gpu.module(convert-gpu-to-nvvm))
gpu.module @test_module {
  "test.symbol_scope"() ({
    func.func @gpu_sin(%arg_f16 : f32, %arg_f32 : f32, %arg_f64 : f64) -> (f32, f32, f64) {
      %result16 = math.sin %arg_f16 : f32
      %result32 = math.sin %arg_f32 : f32
      %result64 = math.sin %arg_f64 : f64
      func.return %result16, %result32, %result64 : f32, f32, f64
    }
  }) : () -> ()
}
