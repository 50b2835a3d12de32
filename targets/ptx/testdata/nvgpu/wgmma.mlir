// RUN: strata-opt --pass-pipeline=builtin.module(gpu.module(convert-nvgpu-to-nvvm,convert-scf-to-cf,convert-gpu-to-nvvm,reconcile-unrealized-casts)) %s | strata-translate --mlir-to-ptx --chip=sm_90a --no-line-info | FileCheck %s
// Hopper's warpgroup matrix product at the nvgpu level, lowered by
// Strata's convert-nvgpu-to-nvvm: the shared memory descriptors of a
// 128B-swizzled 64x64 A tile and a 64x64 B tile, a zero accumulator, four
// m64n64k16 wgmma steps inside a loop carrying the accumulator, and the
// per-thread store of the fragments.

// CHECK: .version 8.0
// CHECK-NEXT: .target sm_90a
// CHECK-LABEL: .visible .entry gemm(
// CHECK: wgmma.fence.sync.aligned;
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{{(%f[0-9]+, ){31}%f[0-9]+}}}, {{%rd[0-9]+}}, {{%rd[0-9]+}}, {{%p[0-9]+}}, 1, 1, 0, 1;
// CHECK: wgmma.commit_group.sync.aligned;
// CHECK: wgmma.wait_group.sync.aligned 1;
// CHECK: st.global.f32
!mapA = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!mapB = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!descA = !nvgpu.warpgroup.descriptor<tensor = memref<64x64xf16, 3>>
!descB = !nvgpu.warpgroup.descriptor<tensor = memref<64x64xf16, 3>>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<64x64xf32>>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    memref.global "private" @a : memref<64x64xf16, 3> {alignment = 1024 : i64}
    memref.global "private" @b : memref<64x64xf16, 3> {alignment = 1024 : i64}
    gpu.func @gemm(%ta: !mapA, %tb: !mapB, %out: memref<64x64xf32, 1>, %n: index) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %sa = memref.get_global @a : memref<64x64xf16, 3>
      %sb = memref.get_global @b : memref<64x64xf16, 3>
      %da = nvgpu.warpgroup.generate.descriptor %sa, %ta : memref<64x64xf16, 3>, !mapA -> !descA
      %db = nvgpu.warpgroup.generate.descriptor %sb, %tb : memref<64x64xf16, 3>, !mapB -> !descB
      %init = nvgpu.warpgroup.mma.init.accumulator -> !acc
      %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (!acc) {
        %next = nvgpu.warpgroup.mma %da, %db, %acc {transposeB} : !descA, !descB, !acc -> !acc
        scf.yield %next : !acc
      }
      nvgpu.warpgroup.mma.store %r, %out : !acc to memref<64x64xf32, 1>
      gpu.return
    }
  }
}
