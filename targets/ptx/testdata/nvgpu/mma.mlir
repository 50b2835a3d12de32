// RUN: strata-opt --pass-pipeline=builtin.module(gpu.module(convert-nvgpu-to-nvvm,convert-scf-to-cf,convert-vector-to-llvm,convert-gpu-to-nvvm,reconcile-unrealized-casts)) %s | strata-translate --mlir-to-ptx --chip=sm_80 --no-line-info | FileCheck %s
// Ampere's warp matrix product at the nvgpu level, lowered by Strata's
// convert-nvgpu-to-nvvm: cp.async into shared memory, ldmatrix fragments
// and mma.sync on f16 and bf16.

// CHECK: .version 7.0
// CHECK-NEXT: .target sm_80
// CHECK-LABEL: .visible .entry mma_f16(
// CHECK: cp.async.cg.shared.global [{{%rd[0-9]+}}], [{{%rd[0-9]+}}], 16;
// CHECK: cp.async.ca.shared.global [{{%rd[0-9]+}}], [{{%rd[0-9]+}}], 8, {{%r[0-9]+}};
// CHECK: cp.async.commit_group;
// CHECK: cp.async.wait_group 0;
// CHECK: ldmatrix.sync.aligned.m8n8.x4.shared.b16 {{{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}}}, [{{%rd[0-9]+}}];
// CHECK: ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {{{%r[0-9]+}}, {{%r[0-9]+}}}, [{{%rd[0-9]+}}];
// CHECK: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {{{%f[0-9]+}}, {{%f[0-9]+}}, {{%f[0-9]+}}, {{%f[0-9]+}}}, {{{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}}}, {{{%r[0-9]+}}, {{%r[0-9]+}}}, {{{%f[0-9]+}}, {{%f[0-9]+}}, {{%f[0-9]+}}, {{%f[0-9]+}}};
// CHECK-LABEL: .visible .entry mma_bf16(
// CHECK: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {{{%f[0-9]+}}, {{%f[0-9]+}}, {{%f[0-9]+}}, {{%f[0-9]+}}}, {{{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}}}, {{{%r[0-9]+}}, {{%r[0-9]+}}}, {{{%f[0-9]+}}, {{%f[0-9]+}}, {{%f[0-9]+}}, {{%f[0-9]+}}};
// CHECK-LABEL: .visible .entry mma_m16n8k8(
// CHECK: mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16 {{{%r[0-9]+}}, {{%r[0-9]+}}}, {{{%r[0-9]+}}, {{%r[0-9]+}}}, {{{%r[0-9]+}}}, {{{%r[0-9]+}}, {{%r[0-9]+}}};
// CHECK: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @mma_f16(%ga: memref<16x16xf16, 1>, %a: memref<16x16xf16, 3>, %b: memref<16x8xf16, 3>, %out: memref<16x8xf32, 1>, %n: index) kernel {
      %c0 = arith.constant 0 : index
      %t0 = nvgpu.device_async_copy %ga[%c0, %c0], %a[%c0, %c0], 8 {bypassL1} : memref<16x16xf16, 1> to memref<16x16xf16, 3>
      %t1 = nvgpu.device_async_copy %ga[%c0, %c0], %a[%c0, %c0], 4, %n : memref<16x16xf16, 1> to memref<16x16xf16, 3>
      %g = nvgpu.device_async_create_group %t0, %t1
      nvgpu.device_async_wait %g {numGroups = 0 : i32}
      gpu.barrier
      %fa = nvgpu.ldmatrix %a[%c0, %c0] {numTiles = 4 : i32, transpose = false} : memref<16x16xf16, 3> -> vector<4x2xf16>
      %fb = nvgpu.ldmatrix %b[%c0, %c0] {numTiles = 2 : i32, transpose = true} : memref<16x8xf16, 3> -> vector<2x2xf16>
      %z = arith.constant dense<0.0> : vector<2x2xf32>
      %d = nvgpu.mma.sync (%fa, %fb, %z) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
      %e = vector.extract %d[1, 1] : f32 from vector<2x2xf32>
      memref.store %e, %out[%c0, %c0] : memref<16x8xf32, 1>
      gpu.return
    }
    gpu.func @mma_bf16(%out: memref<16x8xf32, 1>) kernel {
      %c0 = arith.constant 0 : index
      %fa = arith.constant dense<1.5> : vector<4x2xbf16>
      %fb = arith.constant dense<2.0> : vector<2x2xbf16>
      %z = arith.constant dense<0.0> : vector<2x2xf32>
      %d = nvgpu.mma.sync (%fa, %fb, %z) {mmaShape = [16, 8, 16]} : (vector<4x2xbf16>, vector<2x2xbf16>, vector<2x2xf32>) -> vector<2x2xf32>
      %e = vector.extract %d[0, 1] : f32 from vector<2x2xf32>
      memref.store %e, %out[%c0, %c0] : memref<16x8xf32, 1>
      gpu.return
    }
    gpu.func @mma_m16n8k8(%out: memref<16x8xf16, 1>, %out32: memref<16x8xf32, 1>) kernel {
      %c0 = arith.constant 0 : index
      %fa = arith.constant dense<1.0> : vector<2x2xf16>
      %fb = arith.constant dense<2.0> : vector<1x2xf16>
      %fc = arith.constant dense<0.5> : vector<2x2xf16>
      %ta = arith.constant dense<1.0> : vector<4x1xf32>
      %tb = arith.constant dense<3.0> : vector<2x1xf32>
      %d = nvgpu.mma.sync (%fa, %fb, %fc) {mmaShape = [16, 8, 8]} : (vector<2x2xf16>, vector<1x2xf16>, vector<2x2xf16>) -> vector<2x2xf16>
      %e = vector.extract %d[1, 0] : f16 from vector<2x2xf16>
      memref.store %e, %out[%c0, %c0] : memref<16x8xf16, 1>
      %z = arith.constant dense<0.0> : vector<2x2xf32>
      %t = nvgpu.mma.sync (%ta, %tb, %z) {mmaShape = [16, 8, 8], tf32Enabled} : (vector<4x1xf32>, vector<2x1xf32>, vector<2x2xf32>) -> vector<2x2xf32>
      %f = vector.extract %t[1, 0] : f32 from vector<2x2xf32>
      memref.store %f, %out32[%c0, %c0] : memref<16x8xf32, 1>
      gpu.return
    }
  }
}
