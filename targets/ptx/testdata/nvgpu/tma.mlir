// RUN: strata-opt --pass-pipeline=builtin.module(gpu.module(convert-nvgpu-to-nvvm,convert-scf-to-cf,convert-gpu-to-nvvm,reconcile-unrealized-casts)) %s | strata-translate --mlir-to-ptx --chip=sm_90a --no-line-info | FileCheck %s
// Hopper's TMA copies with an mbarrier at the nvgpu level, lowered by
// Strata's convert-nvgpu-to-nvvm: the leader thread initializes the
// barrier, expects the bytes and issues the load (also multicast to the
// CTAs of a cluster), every thread waits for the phase, and the tile goes
// back with a TMA store after an async-proxy fence.

// CHECK: .version 8.3
// CHECK-NEXT: .target sm_90a
// CHECK: .shared .align 8 .b8 __mbarrier[8];
// CHECK: .shared .align 1024 .b8 tile[8192];
// CHECK-LABEL: .visible .entry copy(
// CHECK: @[[LEADER:%p[0-9]+]] mbarrier.init.shared.b64 {{\[}}[[BAR:%rd[0-9]+]]{{\]}}, {{%r[0-9]+}};
// CHECK: prefetch.tensormap {{\[}}[[IN:%rd[0-9]+]]{{\]}};
// CHECK: fence.proxy.tensormap::generic.acquire.sys {{\[}}[[IN]]{{\]}}, 128;
// CHECK: bar.sync 0;
// CHECK: @[[LEADER]] mbarrier.arrive.expect_tx.shared.b64 _, [{{%rd[0-9]+}}], {{%r[0-9]+}};
// CHECK: @[[LEADER]] cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes {{\[}}[[TILE:%rd[0-9]+]]{{\]}}, {{\[}}[[IN]], {{{%r[0-9]+}}, {{%r[0-9]+}}}], [{{%rd[0-9]+}}];
// CHECK: @[[LEADER]] cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster {{\[}}[[TILE]]{{\]}}, {{\[}}[[IN]], {{{%r[0-9]+}}, {{%r[0-9]+}}}], [{{%rd[0-9]+}}], {{%rs[0-9]+}};
// CHECK: [[WAIT:\$L__wait[0-9_]+]]:
// CHECK-NEXT: mbarrier.try_wait.parity.shared.b64 [[DONE:%p[0-9]+]], [{{%rd[0-9]+}}], {{%r[0-9]+}}, {{%r[0-9]+}};
// CHECK-NEXT: @![[DONE]] bra [[WAIT]];
// CHECK: fence.proxy.async.shared::cta;
// CHECK: @[[LEADER]] cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [{{%rd[0-9]+}}, {{{%r[0-9]+}}, {{%r[0-9]+}}}], {{\[}}[[TILE]]{{\]}};
!map = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    memref.global "private" @tile : memref<64x64xf16, 3> {alignment = 1024 : i64}
    gpu.func @copy(%in: !map, %out: !map, %mask: i16) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %bytes = arith.constant 8192 : index
      %ticks = arith.constant 10000000 : index
      %false = arith.constant false
      %s = memref.get_global @tile : memref<64x64xf16, 3>
      %bar = nvgpu.mbarrier.create -> !bar
      %tid = gpu.thread_id x
      %leader = arith.cmpi eq, %tid, %c0 : index
      nvgpu.mbarrier.init %bar[%c0], %c1, predicate = %leader : !bar
      nvgpu.tma.prefetch.descriptor %in : !map
      nvgpu.tma.fence.descriptor %in : !map
      gpu.barrier
      nvgpu.mbarrier.arrive.expect_tx %bar[%c0], %bytes, predicate = %leader : !bar
      nvgpu.tma.async.load %in[%c0, %c0], %bar[%c0] to %s, predicate = %leader : !map, !bar -> memref<64x64xf16, 3>
      nvgpu.tma.async.load %in[%c0, %c0], %bar[%c0] to %s multicast_mask = %mask, predicate = %leader : !map, !bar -> memref<64x64xf16, 3>
      nvgpu.mbarrier.try_wait.parity %bar[%c0], %false, %ticks : !bar
      nvgpu.fence.proxy.async
      gpu.barrier
      nvgpu.tma.async.store %s to %out[%c0, %c0], predicate = %leader : memref<64x64xf16, 3> -> !map
      gpu.return
    }
  }
}
