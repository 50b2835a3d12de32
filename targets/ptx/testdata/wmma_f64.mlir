// RUN: strata-translate --mlir-to-ptx --chip=sm_80 --no-line-info %s | FileCheck %s
// The f64 warp matrix operations (m8n8k4, sm_80): A and B fragments are
// one f64 register each, C and D two.

// CHECK: .target sm_80
// CHECK-LABEL: .visible .entry wmma_f64(
// CHECK: wmma.load.a.sync.aligned.row.m8n8k4.global.f64 {{{%fd[0-9]+}}}, [{{%rd[0-9]+}}], {{%r[0-9]+}};
// CHECK: wmma.load.b.sync.aligned.col.m8n8k4.global.f64 {{{%fd[0-9]+}}}, [{{%rd[0-9]+}}], {{%r[0-9]+}};
// CHECK: wmma.load.c.sync.aligned.row.m8n8k4.global.f64 {{{%fd[0-9]+, %fd[0-9]+}}}, [{{%rd[0-9]+}}], {{%r[0-9]+}};
// CHECK: wmma.mma.sync.aligned.row.col.m8n8k4.f64.f64.f64.f64 {{{%fd[0-9]+, %fd[0-9]+}}}, {{{%fd[0-9]+}}}, {{{%fd[0-9]+}}}, {{{%fd[0-9]+, %fd[0-9]+}}};
// CHECK: wmma.store.d.sync.aligned.row.m8n8k4.global.f64 [{{%rd[0-9]+}}], {{{%fd[0-9]+, %fd[0-9]+}}}, {{%r[0-9]+}};
!fragC = !llvm.struct<(f64, f64)>
module {
  llvm.func @wmma_f64(%a: !llvm.ptr<1>, %b: !llvm.ptr<1>, %c: !llvm.ptr<1>, %ld: i32) attributes {nvvm.kernel} {
    %fa = nvvm.wmma.load %a, %ld {eltype = #nvvm.mma_type<f64>, frag = #nvvm.mma_frag<a>, k = 4 : i32, layout = #nvvm.mma_layout<row>, m = 8 : i32, n = 8 : i32} : (!llvm.ptr<1>) -> f64
    %fb = nvvm.wmma.load %b, %ld {eltype = #nvvm.mma_type<f64>, frag = #nvvm.mma_frag<b>, k = 4 : i32, layout = #nvvm.mma_layout<col>, m = 8 : i32, n = 8 : i32} : (!llvm.ptr<1>) -> f64
    %fc = nvvm.wmma.load %c, %ld {eltype = #nvvm.mma_type<f64>, frag = #nvvm.mma_frag<c>, k = 4 : i32, layout = #nvvm.mma_layout<row>, m = 8 : i32, n = 8 : i32} : (!llvm.ptr<1>) -> !fragC
    %c0 = llvm.extractvalue %fc[0] : !fragC
    %c1 = llvm.extractvalue %fc[1] : !fragC
    %fd = nvvm.wmma.mma %fa, %fb, %c0, %c1 {eltypeA = #nvvm.mma_type<f64>, eltypeB = #nvvm.mma_type<f64>, k = 4 : i32, layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, m = 8 : i32, n = 8 : i32} : (f64, f64, f64, f64) -> !fragC
    %d0 = llvm.extractvalue %fd[0] : !fragC
    %d1 = llvm.extractvalue %fd[1] : !fragC
    nvvm.wmma.store %c, %ld, %d0, %d1 {eltype = #nvvm.mma_type<f64>, k = 4 : i32, layout = #nvvm.mma_layout<row>, m = 8 : i32, n = 8 : i32} : !llvm.ptr<1>, f64, f64
    llvm.return
  }
}
