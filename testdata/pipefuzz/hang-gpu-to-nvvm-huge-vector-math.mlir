// SIGNATURE: hang in convert-gpu-to-nvvm
// PIPELINE: builtin.module(gpu.module(convert-gpu-to-nvvm))

gpu.module @test_module {
  func.func @gpu_unroll(%arg0 : vector<9223372036854775807xf32>) -> vector<9223372036854775807xf32> {
    %result = math.sin %arg0 : vector<9223372036854775807xf32>
    func.return %result : vector<9223372036854775807xf32>
  }
}

