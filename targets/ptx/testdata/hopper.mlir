// RUN: strata-translate --mlir-to-ptx --no-line-info %s | FileCheck %s
// Hopper's matrix and synchronization instructions; the chip comes from
// the gpu.module's #nvvm.target.

// CHECK: .version 8.0
// CHECK-NEXT: .target sm_90a
// CHECK-LABEL: .visible .entry mma(
// CHECK: ldmatrix.sync.aligned.m8n8.x4.shared.b16 {[[A0:%r[0-9]+]], {{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}}}, [{{%rd[0-9]+}}];
// CHECK: ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16 {{{%r[0-9]+}}}, [{{%rd[0-9]+}}];
// CHECK: mov.f32 [[D0:%f[0-9]+]], [[C0:%f[0-9]+]];
// CHECK: setp.ne.b32 [[SCALE:%p[0-9]+]], {{%r[0-9]+}}, 0;
// CHECK: wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16 {[[D0]], {{%f[0-9]+}}, {{%f[0-9]+}}, {{%f[0-9]+}}}, {{%rd[0-9]+}}, {{%rd[0-9]+}}, [[SCALE]], 1, 1, 0, 1;
// CHECK: elect.sync _|{{%p[0-9]+}}, -1;
// CHECK: bar.red.popc.u32 {{%r[0-9]+}}, 0, {{%p[0-9]+}};
// CHECK: {
// CHECK-NEXT: mbarrier.init.shared.b64 [{{%rd[0-9]+}}], [[A0]];
// CHECK-NEXT: }
module attributes {gpu.container_module} {
  gpu.module @hopper [#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">] {
    llvm.func @mma(%sp: !llvm.ptr<3>, %d1: i64, %d2: i64, %c: f32, %out: !llvm.ptr<1>) attributes {nvvm.kernel} {
      %l = nvvm.ldmatrix %sp {num = 4 : i32, layout = #nvvm.mma_layout<row>, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>, eltType = #nvvm.ld_st_matrix_elt_type<b16>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>
      %l1 = nvvm.ldmatrix %sp {num = 1 : i32, layout = #nvvm.mma_layout<col>, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>, eltType = #nvvm.ld_st_matrix_elt_type<b16>} : (!llvm.ptr<3>) -> i32
      %u = llvm.mlir.undef : !llvm.struct<(f32, f32, f32, f32)>
      %a0 = llvm.insertvalue %c, %u[0] : !llvm.struct<(f32, f32, f32, f32)>
      %a1 = llvm.insertvalue %c, %a0[1] : !llvm.struct<(f32, f32, f32, f32)>
      %a2 = llvm.insertvalue %c, %a1[2] : !llvm.struct<(f32, f32, f32, f32)>
      %acc = llvm.insertvalue %c, %a2[3] : !llvm.struct<(f32, f32, f32, f32)>
      nvvm.wgmma.fence.aligned
      %r = nvvm.wgmma.mma_async %d1, %d2, %acc, <m = 64, n = 8, k = 16>, D [<f32>, <one>, <wrapped>], A [<bf16>, <one>, <row>], B [<bf16>, <one>, <row>] : !llvm.struct<(f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32)>
      nvvm.wgmma.commit.group.sync.aligned
      nvvm.wgmma.wait.group.sync.aligned 0
      %e = nvvm.elect.sync -> i1
      %x = llvm.extractvalue %l[0] : !llvm.struct<(i32, i32, i32, i32)>
      %n = nvvm.barrier #nvvm.reduction<popc> %x -> i32
      nvvm.inline_ptx "mbarrier.init.shared.b64 [$0], $1;" ro (%sp, %x : !llvm.ptr<3>, i32)
      %r0 = llvm.extractvalue %r[0] : !llvm.struct<(f32, f32, f32, f32)>
      llvm.store %r0, %out : f32, !llvm.ptr<1>
      llvm.return
    }
  }
}
