// RUN: strata-translate --mlir-to-ptx --no-line-info %s | FileCheck %s
// wgmma accumulates in place, in the registers of its accumulator, when
// nothing reads them afterwards: a chain of wgmma on a loop's carried
// accumulator copies no register in flight, neither between the wgmma nor
// on the back edge. An accumulator read after the wgmma is copied first.

// CHECK-LABEL: .visible .entry chain(
// CHECK: $L__BB0_2:
// CHECK-NOT: mov.f32
// CHECK: wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16 {[[D:%f[0-9]+]], [[D1:%f[0-9]+]], [[D2:%f[0-9]+]], [[D3:%f[0-9]+]]}, {{%rd[0-9]+}}, {{%rd[0-9]+}}, {{%p[0-9]+}}, 1, 1, 0, 1;
// CHECK-NOT: mov.f32
// CHECK: wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16 {[[D]], [[D1]], [[D2]], [[D3]]}, {{%rd[0-9]+}}, {{%rd[0-9]+}}, {{%p[0-9]+}}, 1, 1, 0, 1;
// CHECK-NOT: mov.f32
// CHECK: bra.uni $L__BB0_1;
// CHECK-LABEL: .visible .entry reread(
// CHECK: mov.f32 [[R:%f[0-9]+]], [[C:%f[0-9]+]];
// CHECK: wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16 {[[R]],
// CHECK: st.global.f32 [{{%rd[0-9]+}}], [[C]];
module attributes {gpu.container_module} {
  gpu.module @hopper [#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">] {
    llvm.func @chain(%d1: i64, %d2: i64, %c: f32, %n: i64, %out: !llvm.ptr<1>) attributes {nvvm.kernel} {
      %u = llvm.mlir.undef : !llvm.struct<(f32, f32, f32, f32)>
      %a0 = llvm.insertvalue %c, %u[0] : !llvm.struct<(f32, f32, f32, f32)>
      %a1 = llvm.insertvalue %c, %a0[1] : !llvm.struct<(f32, f32, f32, f32)>
      %a2 = llvm.insertvalue %c, %a1[2] : !llvm.struct<(f32, f32, f32, f32)>
      %a3 = llvm.insertvalue %c, %a2[3] : !llvm.struct<(f32, f32, f32, f32)>
      %w = llvm.mlir.undef : !llvm.struct<(struct<(f32, f32, f32, f32)>)>
      %init = llvm.insertvalue %a3, %w[0] : !llvm.struct<(struct<(f32, f32, f32, f32)>)>
      %zero = llvm.mlir.constant(0 : i64) : i64
      %one = llvm.mlir.constant(1 : i64) : i64
      llvm.br ^bb1(%zero, %init : i64, !llvm.struct<(struct<(f32, f32, f32, f32)>)>)
    ^bb1(%i: i64, %acc: !llvm.struct<(struct<(f32, f32, f32, f32)>)>):
      %more = llvm.icmp "slt" %i, %n : i64
      llvm.cond_br %more, ^bb2, ^bb3
    ^bb2:
      %x = llvm.extractvalue %acc[0] : !llvm.struct<(struct<(f32, f32, f32, f32)>)>
      nvvm.wgmma.fence.aligned
      %r1 = nvvm.wgmma.mma_async %d1, %d2, %x, <m = 64, n = 8, k = 16>, D [<f32>, <one>, <wrapped>], A [<bf16>, <one>, <row>], B [<bf16>, <one>, <row>] : !llvm.struct<(f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32)>
      %r2 = nvvm.wgmma.mma_async %d1, %d2, %r1, <m = 64, n = 8, k = 16>, D [<f32>, <one>, <wrapped>], A [<bf16>, <one>, <row>], B [<bf16>, <one>, <row>] : !llvm.struct<(f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32)>
      nvvm.wgmma.commit.group.sync.aligned
      nvvm.wgmma.wait.group.sync.aligned 1
      %p = llvm.mlir.poison : !llvm.struct<(struct<(f32, f32, f32, f32)>)>
      %next = llvm.insertvalue %r2, %p[0] : !llvm.struct<(struct<(f32, f32, f32, f32)>)>
      %j = llvm.add %i, %one : i64
      llvm.br ^bb1(%j, %next : i64, !llvm.struct<(struct<(f32, f32, f32, f32)>)>)
    ^bb3:
      nvvm.wgmma.wait.group.sync.aligned 0
      %y = llvm.extractvalue %acc[0, 0] : !llvm.struct<(struct<(f32, f32, f32, f32)>)>
      llvm.store %y, %out : f32, !llvm.ptr<1>
      llvm.return
    }
    llvm.func @reread(%d1: i64, %d2: i64, %c: f32, %out: !llvm.ptr<1>) attributes {nvvm.kernel} {
      %u = llvm.mlir.undef : !llvm.struct<(f32, f32, f32, f32)>
      %a0 = llvm.insertvalue %c, %u[0] : !llvm.struct<(f32, f32, f32, f32)>
      %a1 = llvm.insertvalue %c, %a0[1] : !llvm.struct<(f32, f32, f32, f32)>
      %a2 = llvm.insertvalue %c, %a1[2] : !llvm.struct<(f32, f32, f32, f32)>
      %a3 = llvm.insertvalue %c, %a2[3] : !llvm.struct<(f32, f32, f32, f32)>
      %w = llvm.mlir.undef : !llvm.struct<(struct<(f32, f32, f32, f32)>)>
      %s = llvm.insertvalue %a3, %w[0] : !llvm.struct<(struct<(f32, f32, f32, f32)>)>
      %x = llvm.extractvalue %s[0] : !llvm.struct<(struct<(f32, f32, f32, f32)>)>
      nvvm.wgmma.fence.aligned
      %r = nvvm.wgmma.mma_async %d1, %d2, %x, <m = 64, n = 8, k = 16>, D [<f32>, <one>, <wrapped>], A [<bf16>, <one>, <row>], B [<bf16>, <one>, <row>] : !llvm.struct<(f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32)>
      nvvm.wgmma.commit.group.sync.aligned
      nvvm.wgmma.wait.group.sync.aligned 0
      %y = llvm.extractvalue %s[0, 0] : !llvm.struct<(struct<(f32, f32, f32, f32)>)>
      llvm.store %y, %out : f32, !llvm.ptr<1>
      %z = llvm.extractvalue %r[0] : !llvm.struct<(f32, f32, f32, f32)>
      llvm.store %z, %out : f32, !llvm.ptr<1>
      llvm.return
    }
  }
}
