// nvgpu's warp matrix product, lowered by mlir-opt-22's
// convert-nvgpu-to-nvvm: ldmatrix fragments bitcast to vector<2xf16> and
// back into 32-bit registers for mma.sync.

// CHECK: ldmatrix.sync.aligned.m8n8.x4.shared.b16 {{{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}}}, [{{%rd[0-9]+}}];
// CHECK: ldmatrix.sync.aligned.m8n8.x2.shared.b16
// CHECK: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {{{%f[0-9]+}}, {{%f[0-9]+}}, {{%f[0-9]+}}, {{%f[0-9]+}}}, {{{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}}}, {{{%r[0-9]+}}, {{%r[0-9]+}}}, {{{%f[0-9]+}}, {{%f[0-9]+}}, {{%f[0-9]+}}, {{%f[0-9]+}}};
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @mma(%a: memref<16x16xf16, 3>, %b: memref<8x16xf16, 3>, %out: memref<16x8xf32>) kernel {
      %c0 = arith.constant 0 : index
      %fa = nvgpu.ldmatrix %a[%c0, %c0] {numTiles = 4 : i32, transpose = false} : memref<16x16xf16, 3> -> vector<4x2xf16>
      %fb = nvgpu.ldmatrix %b[%c0, %c0] {numTiles = 2 : i32, transpose = false} : memref<8x16xf16, 3> -> vector<2x2xf16>
      %z = arith.constant dense<0.0> : vector<2x2xf32>
      %d = nvgpu.mma.sync (%fa, %fb, %z) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
      %e = vector.extract %d[0, 0] : f32 from vector<2x2xf32>
      memref.store %e, %out[%c0, %c0] : memref<16x8xf32>
      gpu.return
    }
  }
}
