func.func @m16n8k8_tf32(%a: vector<4x1xf32>, %b: vector<2x1xf32>, %c: vector<2x2xf32>) -> vector<2x2xf32> {
  %d = nvgpu.mma.sync (%a, %b, %c) {mmaShape = [16, 8, 8], tf32Enabled} : (vector<4x1xf32>, vector<2x1xf32>, vector<2x2xf32>) -> vector<2x2xf32>
  return %d : vector<2x2xf32>
}
// -----
func.func @m16n8k8_f16_f32(%a: vector<2x2xf16>, %b: vector<1x2xf16>, %c: vector<2x2xf32>) -> vector<2x2xf32> {
  %d = nvgpu.mma.sync (%a, %b, %c) {mmaShape = [16, 8, 8]} : (vector<2x2xf16>, vector<1x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
  return %d : vector<2x2xf32>
}
// -----
func.func @ldmatrix_x2_trans(%s: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index, %j: index) -> vector<2x2xf16> {
  %a = nvgpu.ldmatrix %s[%i, %j] {numTiles = 2 : i32, transpose = true} : memref<64x64xf16, #gpu.address_space<workgroup>> -> vector<2x2xf16>
  return %a : vector<2x2xf16>
}
// -----
func.func @rcp_1d(%in: vector<4xf32>) -> vector<4xf32> {
  %out = nvgpu.rcp %in {rounding = approx, ftz} : vector<4xf32>
  return %out : vector<4xf32>
}
// -----
func.func @async_copy_gpu_spaces(%g: memref<128x128xf16, #gpu.address_space<global>>, %s: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  %t = nvgpu.device_async_copy %g[%i, %i], %s[%i, %i], 8 {bypassL1} : memref<128x128xf16, #gpu.address_space<global>> to memref<64x64xf16, #gpu.address_space<workgroup>>
  %t2 = nvgpu.device_async_copy %g[%i, %i], %s[%i, %i], 4 : memref<128x128xf16, #gpu.address_space<global>> to memref<64x64xf16, #gpu.address_space<workgroup>>
  %grp = nvgpu.device_async_create_group %t, %t2
  nvgpu.device_async_wait %grp
  return
}
