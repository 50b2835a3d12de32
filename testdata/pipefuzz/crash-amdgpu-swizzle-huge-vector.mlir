// SIGNATURE: crash at conversion/amdgputorocdl.decompose: out of memory
// PIPELINE: builtin.module(convert-amdgpu-to-rocdl)
func.func @test_swizzle_2xi32(%arg0 : vector<1099511627776xi32>) -> vector<1099511627776xi32> {
  %0 = amdgpu.swizzle_bitmode %arg0 1 2 4 : vector<1099511627776xi32>
  return %0 : vector<1099511627776xi32>
}
