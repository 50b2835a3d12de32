// RUN: strata-translate --mlir-to-ptx --no-line-info %s | FileCheck %s
// A loop carrying the accumulators of two 64-row parts (a warpgroup's
// 128 rows): each part's wgmma accumulates in place although the loop's
// accumulator has another part read in the same block, whose registers
// are others. A read of a part's element (a position under the part's) in
// the block still makes that part's wgmma write a copy.

// CHECK-LABEL: .visible .entry parts(
// CHECK: $L__BB0_2:
// CHECK-NOT: mov.f32
// CHECK: wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16 {[[D:%f[0-9]+]], {{.*}}, {{%rd[0-9]+}}, {{%rd[0-9]+}}, {{%p[0-9]+}}, 1, 1, 0, 1;
// CHECK-NOT: mov.f32
// CHECK: wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16 {[[E:%f[0-9]+]], {{.*}}, {{%rd[0-9]+}}, {{%rd[0-9]+}}, {{%p[0-9]+}}, 1, 1, 0, 1;
// CHECK-NOT: mov.f32
// CHECK: bra.uni $L__BB0_1;
// CHECK-LABEL: .visible .entry element(
// CHECK: $L__BB1_2:
// CHECK: mov.f32 [[C:%f[0-9]+]],
// CHECK: wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16 {[[C]],
// CHECK-NOT: mov.f32
// CHECK: wgmma.mma_async
module attributes {gpu.container_module} {
  gpu.module @hopper [#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">] {
    llvm.func @parts(%d1: i64, %d2: i64, %c: f32, %n: i64, %out: !llvm.ptr<1>) attributes {nvvm.kernel} {
      %u = llvm.mlir.undef : !llvm.struct<(f32, f32, f32, f32)>
      %a0 = llvm.insertvalue %c, %u[0] : !llvm.struct<(f32, f32, f32, f32)>
      %a1 = llvm.insertvalue %c, %a0[1] : !llvm.struct<(f32, f32, f32, f32)>
      %a2 = llvm.insertvalue %c, %a1[2] : !llvm.struct<(f32, f32, f32, f32)>
      %a3 = llvm.insertvalue %c, %a2[3] : !llvm.struct<(f32, f32, f32, f32)>
      %w = llvm.mlir.undef : !llvm.struct<(struct<(f32, f32, f32, f32)>, struct<(f32, f32, f32, f32)>)>
      %w0 = llvm.insertvalue %a3, %w[0] : !llvm.struct<(struct<(f32, f32, f32, f32)>, struct<(f32, f32, f32, f32)>)>
      %init = llvm.insertvalue %a3, %w0[1] : !llvm.struct<(struct<(f32, f32, f32, f32)>, struct<(f32, f32, f32, f32)>)>
      %zero = llvm.mlir.constant(0 : i64) : i64
      %one = llvm.mlir.constant(1 : i64) : i64
      llvm.br ^bb1(%zero, %init : i64, !llvm.struct<(struct<(f32, f32, f32, f32)>, struct<(f32, f32, f32, f32)>)>)
    ^bb1(%i: i64, %acc: !llvm.struct<(struct<(f32, f32, f32, f32)>, struct<(f32, f32, f32, f32)>)>):
      %more = llvm.icmp "slt" %i, %n : i64
      llvm.cond_br %more, ^bb2, ^bb3
    ^bb2:
      %x = llvm.extractvalue %acc[0] : !llvm.struct<(struct<(f32, f32, f32, f32)>, struct<(f32, f32, f32, f32)>)>
      %y = llvm.extractvalue %acc[1] : !llvm.struct<(struct<(f32, f32, f32, f32)>, struct<(f32, f32, f32, f32)>)>
      nvvm.wgmma.fence.aligned
      %r1 = nvvm.wgmma.mma_async %d1, %d2, %x, <m = 64, n = 8, k = 16>, D [<f32>, <one>, <wrapped>], A [<bf16>, <one>, <row>], B [<bf16>, <one>, <row>] : !llvm.struct<(f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32)>
      %r2 = nvvm.wgmma.mma_async %d1, %d2, %y, <m = 64, n = 8, k = 16>, D [<f32>, <one>, <wrapped>], A [<bf16>, <one>, <row>], B [<bf16>, <one>, <row>] : !llvm.struct<(f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32)>
      nvvm.wgmma.commit.group.sync.aligned
      nvvm.wgmma.wait.group.sync.aligned 1
      %p = llvm.mlir.poison : !llvm.struct<(struct<(f32, f32, f32, f32)>, struct<(f32, f32, f32, f32)>)>
      %n0 = llvm.insertvalue %r1, %p[0] : !llvm.struct<(struct<(f32, f32, f32, f32)>, struct<(f32, f32, f32, f32)>)>
      %next = llvm.insertvalue %r2, %n0[1] : !llvm.struct<(struct<(f32, f32, f32, f32)>, struct<(f32, f32, f32, f32)>)>
      %j = llvm.add %i, %one : i64
      llvm.br ^bb1(%j, %next : i64, !llvm.struct<(struct<(f32, f32, f32, f32)>, struct<(f32, f32, f32, f32)>)>)
    ^bb3:
      nvvm.wgmma.wait.group.sync.aligned 0
      %z = llvm.extractvalue %acc[1, 0] : !llvm.struct<(struct<(f32, f32, f32, f32)>, struct<(f32, f32, f32, f32)>)>
      llvm.store %z, %out : f32, !llvm.ptr<1>
      llvm.return
    }
    llvm.func @element(%d1: i64, %d2: i64, %c: f32, %n: i64, %out: !llvm.ptr<1>) attributes {nvvm.kernel} {
      %u = llvm.mlir.undef : !llvm.struct<(f32, f32, f32, f32)>
      %a0 = llvm.insertvalue %c, %u[0] : !llvm.struct<(f32, f32, f32, f32)>
      %a1 = llvm.insertvalue %c, %a0[1] : !llvm.struct<(f32, f32, f32, f32)>
      %a2 = llvm.insertvalue %c, %a1[2] : !llvm.struct<(f32, f32, f32, f32)>
      %a3 = llvm.insertvalue %c, %a2[3] : !llvm.struct<(f32, f32, f32, f32)>
      %w = llvm.mlir.undef : !llvm.struct<(struct<(f32, f32, f32, f32)>, struct<(f32, f32, f32, f32)>)>
      %w0 = llvm.insertvalue %a3, %w[0] : !llvm.struct<(struct<(f32, f32, f32, f32)>, struct<(f32, f32, f32, f32)>)>
      %init = llvm.insertvalue %a3, %w0[1] : !llvm.struct<(struct<(f32, f32, f32, f32)>, struct<(f32, f32, f32, f32)>)>
      %zero = llvm.mlir.constant(0 : i64) : i64
      %one = llvm.mlir.constant(1 : i64) : i64
      llvm.br ^bb1(%zero, %init : i64, !llvm.struct<(struct<(f32, f32, f32, f32)>, struct<(f32, f32, f32, f32)>)>)
    ^bb1(%i: i64, %acc: !llvm.struct<(struct<(f32, f32, f32, f32)>, struct<(f32, f32, f32, f32)>)>):
      %more = llvm.icmp "slt" %i, %n : i64
      llvm.cond_br %more, ^bb2, ^bb3
    ^bb2:
      %e = llvm.extractvalue %acc[0, 1] : !llvm.struct<(struct<(f32, f32, f32, f32)>, struct<(f32, f32, f32, f32)>)>
      llvm.store %e, %out : f32, !llvm.ptr<1>
      %x = llvm.extractvalue %acc[0] : !llvm.struct<(struct<(f32, f32, f32, f32)>, struct<(f32, f32, f32, f32)>)>
      %y = llvm.extractvalue %acc[1] : !llvm.struct<(struct<(f32, f32, f32, f32)>, struct<(f32, f32, f32, f32)>)>
      nvvm.wgmma.fence.aligned
      %r1 = nvvm.wgmma.mma_async %d1, %d2, %x, <m = 64, n = 8, k = 16>, D [<f32>, <one>, <wrapped>], A [<bf16>, <one>, <row>], B [<bf16>, <one>, <row>] : !llvm.struct<(f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32)>
      %r2 = nvvm.wgmma.mma_async %d1, %d2, %y, <m = 64, n = 8, k = 16>, D [<f32>, <one>, <wrapped>], A [<bf16>, <one>, <row>], B [<bf16>, <one>, <row>] : !llvm.struct<(f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32)>
      nvvm.wgmma.commit.group.sync.aligned
      nvvm.wgmma.wait.group.sync.aligned 1
      %p = llvm.mlir.poison : !llvm.struct<(struct<(f32, f32, f32, f32)>, struct<(f32, f32, f32, f32)>)>
      %n0 = llvm.insertvalue %r1, %p[0] : !llvm.struct<(struct<(f32, f32, f32, f32)>, struct<(f32, f32, f32, f32)>)>
      %next = llvm.insertvalue %r2, %n0[1] : !llvm.struct<(struct<(f32, f32, f32, f32)>, struct<(f32, f32, f32, f32)>)>
      %j = llvm.add %i, %one : i64
      llvm.br ^bb1(%j, %next : i64, !llvm.struct<(struct<(f32, f32, f32, f32)>, struct<(f32, f32, f32, f32)>)>)
    ^bb3:
      nvvm.wgmma.wait.group.sync.aligned 0
      %z = llvm.extractvalue %acc[1, 0] : !llvm.struct<(struct<(f32, f32, f32, f32)>, struct<(f32, f32, f32, f32)>)>
      llvm.store %z, %out : f32, !llvm.ptr<1>
      llvm.return
    }
  }
}
