// RUN: strata-translate --mlir-to-ptx --chip=sm_90a --no-line-info %s | FileCheck %s
// The nvvm dialect's special registers, barriers, warp collectives, fences,
// mbarriers, cp.async and Hopper's controls.

// CHECK: .version 8.0
// CHECK-NEXT: .target sm_90a
// CHECK-LABEL: .visible .entry warp(
// CHECK: mov.u32 [[TID:%r[0-9]+]], %tid.x;
// CHECK: mov.u32 {{%r[0-9]+}}, %ntid.y;
// CHECK: mov.u32 {{%r[0-9]+}}, %ctaid.z;
// CHECK: mov.u32 {{%r[0-9]+}}, %nctaid.x;
// CHECK: mov.u32 {{%r[0-9]+}}, %laneid;
// CHECK: mov.u32 {{%r[0-9]+}}, WARP_SZ;
// CHECK: mov.u64 {{%rd[0-9]+}}, %clock64;
// CHECK: mov.u32 {{%r[0-9]+}}, %cluster_ctarank;
// CHECK: mov.u32 {{%r[0-9]+}}, %dynamic_smem_size;
// CHECK: bar.sync 0;
// CHECK: shfl.sync.bfly.b32 [[S:%r[0-9]+]], [[TID]], [[OFF:%r[0-9]+]], [[CLAMP:%r[0-9]+]], [[MASK:%r[0-9]+]];
// CHECK: shfl.sync.down.b32 {{%f[0-9]+}}|{{%p[0-9]+}}, {{%f[0-9]+}}, [[OFF]], [[CLAMP]], [[MASK]];
// CHECK: vote.sync.ballot.b32 {{%r[0-9]+}}, {{%p[0-9]+}}, [[MASK]];
// CHECK: redux.sync.add.s32 {{%r[0-9]+}}, [[S]], [[MASK]];
// CHECK: bar.sync [[TID]];
// CHECK: fence.proxy.async.shared::cta;
// CHECK: fence.mbarrier_init.release.cluster;
// CHECK: mbarrier.init.shared.b64 [{{%rd[0-9]+}}], [[TID]];
// CHECK: mbarrier.arrive.expect_tx.shared.b64 _, [{{%rd[0-9]+}}], [[TID]];
// CHECK: [[WAIT:\$L__wait[0-9_]+]]:
// CHECK-NEXT: mbarrier.try_wait.parity.shared.b64 [[P:%p[0-9]+]], [{{%rd[0-9]+}}], [[TID]], [[TID]];
// CHECK-NEXT: @![[P]] bra [[WAIT]];
// CHECK: cp.async.cg.shared.global [{{%rd[0-9]+}}], [{{%rd[0-9]+}}], 16;
// CHECK: cp.async.commit_group;
// CHECK: cp.async.wait_group 0;
// CHECK: barrier.cluster.arrive;
// CHECK: barrier.cluster.wait;
// CHECK: setmaxnreg.inc.sync.aligned.u32 232;
// CHECK: wgmma.fence.sync.aligned;
// CHECK: wgmma.commit_group.sync.aligned;
// CHECK: wgmma.wait_group.sync.aligned 1;
module {
  llvm.func @warp(%x: f32, %sp: !llvm.ptr<3>, %gp: !llvm.ptr<1>, %out: !llvm.ptr<1>) attributes {nvvm.kernel} {
    %tid = nvvm.read.ptx.sreg.tid.x : i32
    %ntid = nvvm.read.ptx.sreg.ntid.y : i32
    %ctaid = nvvm.read.ptx.sreg.ctaid.z : i32
    %nctaid = nvvm.read.ptx.sreg.nctaid.x : i32
    %lane = nvvm.read.ptx.sreg.laneid : i32
    %ws = nvvm.read.ptx.sreg.warpsize : i32
    %clk = nvvm.read.ptx.sreg.clock64 : i64
    %rank = nvvm.read.ptx.sreg.cluster.ctarank : i32
    %dyn = nvvm.read.ptx.sreg.dynamic.smem.size : i32
    nvvm.barrier0
    %mask = llvm.mlir.constant(-1 : i32) : i32
    %off = llvm.mlir.constant(16 : i32) : i32
    %clamp = llvm.mlir.constant(31 : i32) : i32
    %s = nvvm.shfl.sync bfly %mask, %tid, %off, %clamp : i32 -> i32
    %sv = nvvm.shfl.sync down %mask, %x, %off, %clamp {return_value_and_is_valid} : f32 -> !llvm.struct<(f32, i1)>
    %valid = llvm.extractvalue %sv[1] : !llvm.struct<(f32, i1)>
    %b = nvvm.vote.sync ballot %mask, %valid -> i32
    %r = nvvm.redux.sync add %s, %mask : i32 -> i32
    nvvm.barrier id = %tid
    nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
    nvvm.fence.mbarrier.init
    nvvm.mbarrier.init %sp, %tid : !llvm.ptr<3>, i32
    nvvm.mbarrier.arrive.expect_tx %sp, %tid : !llvm.ptr<3>, i32
    nvvm.mbarrier.try_wait.parity %sp, %tid, %tid : !llvm.ptr<3>, i32, i32
    nvvm.cp.async.shared.global %sp, %gp, 16, cache = cg : !llvm.ptr<3>, !llvm.ptr<1>
    nvvm.cp.async.commit.group
    nvvm.cp.async.wait.group 0
    nvvm.cluster.arrive
    nvvm.cluster.wait
    nvvm.setmaxregister increase 232
    nvvm.wgmma.fence.aligned
    nvvm.wgmma.commit.group.sync.aligned
    nvvm.wgmma.wait.group.sync.aligned 1
    %sum = llvm.add %r, %b : i32
    llvm.store %sum, %out : i32, !llvm.ptr<1>
    llvm.return
  }
}
