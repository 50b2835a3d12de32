// RUN: strata-translate --mlir-to-ptx --no-line-info %s | FileCheck %s
// A kernel of clusters of two CTAs: its cluster shape as directives, and
// the addresses of the other CTA's shared memory (mapa) for a store and
// for a TMA load multicast to both CTAs and for an arrival on the other
// CTA's mbarrier.

// CHECK: .target sm_90a
// CHECK-LABEL: .visible .entry pair(
// CHECK: .explicitcluster
// CHECK-NEXT: .reqnctapercluster 2, 1, 1
// CHECK: mov.u32 [[RANK:%r[0-9]+]], %cluster_ctarank;
// CHECK: mapa.u64 [[G:%rd[0-9]+]], {{%rd[0-9]+}}, {{%r[0-9]+}};
// CHECK: st.u32 {{\[}}[[G]]{{\]}}, [[RANK]];
// CHECK: mapa.shared::cluster.u64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, {{%r[0-9]+}};
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster [{{%rd[0-9]+}}], [{{%rd[0-9]+}}, {{{%r[0-9]+}}, {{%r[0-9]+}}}], [{{%rd[0-9]+}}], {{%rs[0-9]+}};
// CHECK: mapa.shared::cluster.u64 [[B:%rd[0-9]+]], {{%rd[0-9]+}}, {{%r[0-9]+}};
// CHECK-NEXT: mbarrier.arrive.release.cluster.shared::cluster.b64 _, {{\[}}[[B]]{{\]}};
module attributes {gpu.container_module} {
  gpu.module @cluster [#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">] {
    llvm.func @pair(%cell: !llvm.ptr<3>, %dst: !llvm.ptr<3>, %bar: !llvm.ptr<3>, %map: !llvm.ptr, %x: i32, %y: i32, %mask: i16) attributes {nvvm.kernel, nvvm.cluster_dim = array<i32: 2, 1, 1>} {
      %one = llvm.mlir.constant(1 : i32) : i32
      %rank = nvvm.read.ptx.sreg.cluster.ctarank : i32
      %peer = llvm.sub %one, %rank : i32
      %g = llvm.addrspacecast %cell : !llvm.ptr<3> to !llvm.ptr
      %r = nvvm.mapa %g, %peer : !llvm.ptr -> !llvm.ptr
      llvm.store %rank, %r : i32, !llvm.ptr
      %d = nvvm.mapa %dst, %peer : !llvm.ptr<3> -> !llvm.ptr<7>
      nvvm.cp.async.bulk.tensor.shared.cluster.global %d, %map, %bar, box[%x, %y] multicast_mask = %mask : !llvm.ptr<7>, !llvm.ptr
      %b = nvvm.mapa %bar, %peer : !llvm.ptr<3> -> !llvm.ptr<7>
      nvvm.mbarrier.arrive %b {scope = #nvvm.mem_scope<cluster>} : !llvm.ptr<7>
      llvm.return
    }
  }
}
