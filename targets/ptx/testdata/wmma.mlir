// RUN: strata-translate --mlir-to-ptx --chip=sm_80 --no-line-info %s | FileCheck %s
// The warp matrix operations of nvvm.wmma: an f16 product m16n16k16 with
// an f32 accumulator, its fragments loaded from global and shared memory
// and the result stored back.

// CHECK: .target sm_80
// CHECK-LABEL: .visible .entry wmma(
// CHECK: wmma.load.a.sync.aligned.row.m16n16k16.global.f16 {{{(%r[0-9]+, ){7}%r[0-9]+}}}, [{{%rd[0-9]+}}], {{%r[0-9]+}};
// CHECK: wmma.load.b.sync.aligned.col.m16n16k16.shared.f16 {{{(%r[0-9]+, ){7}%r[0-9]+}}}, [{{%rd[0-9]+}}], {{%r[0-9]+}};
// CHECK: wmma.load.c.sync.aligned.row.m16n16k16.global.f32 {{{(%f[0-9]+, ){7}%f[0-9]+}}}, [{{%rd[0-9]+}}], {{%r[0-9]+}};
// CHECK: wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32 {{{(%f[0-9]+, ){7}%f[0-9]+}}}, {{{(%r[0-9]+, ){7}%r[0-9]+}}}, {{{(%r[0-9]+, ){7}%r[0-9]+}}}, {{{(%f[0-9]+, ){7}%f[0-9]+}}};
// CHECK: wmma.store.d.sync.aligned.row.m16n16k16.global.f32 [{{%rd[0-9]+}}], {{{(%f[0-9]+, ){7}%f[0-9]+}}}, {{%r[0-9]+}};
!f16x2 = vector<2xf16>
!fragAB = !llvm.struct<(vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>)>
!fragC = !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
module {
  llvm.func @wmma(%a: !llvm.ptr<1>, %b: !llvm.ptr<3>, %c: !llvm.ptr<1>, %d: !llvm.ptr<1>, %ld: i32) attributes {nvvm.kernel} {
    %fa = nvvm.wmma.load %a, %ld {eltype = #nvvm.mma_type<f16>, frag = #nvvm.mma_frag<a>, k = 16 : i32, layout = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32} : (!llvm.ptr<1>) -> !fragAB
    %fb = nvvm.wmma.load %b, %ld {eltype = #nvvm.mma_type<f16>, frag = #nvvm.mma_frag<b>, k = 16 : i32, layout = #nvvm.mma_layout<col>, m = 16 : i32, n = 16 : i32} : (!llvm.ptr<3>) -> !fragAB
    %fc = nvvm.wmma.load %c, %ld {eltype = #nvvm.mma_type<f32>, frag = #nvvm.mma_frag<c>, k = 16 : i32, layout = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32} : (!llvm.ptr<1>) -> !fragC
    %a0 = llvm.extractvalue %fa[0] : !fragAB
    %a1 = llvm.extractvalue %fa[1] : !fragAB
    %a2 = llvm.extractvalue %fa[2] : !fragAB
    %a3 = llvm.extractvalue %fa[3] : !fragAB
    %a4 = llvm.extractvalue %fa[4] : !fragAB
    %a5 = llvm.extractvalue %fa[5] : !fragAB
    %a6 = llvm.extractvalue %fa[6] : !fragAB
    %a7 = llvm.extractvalue %fa[7] : !fragAB
    %b0 = llvm.extractvalue %fb[0] : !fragAB
    %b1 = llvm.extractvalue %fb[1] : !fragAB
    %b2 = llvm.extractvalue %fb[2] : !fragAB
    %b3 = llvm.extractvalue %fb[3] : !fragAB
    %b4 = llvm.extractvalue %fb[4] : !fragAB
    %b5 = llvm.extractvalue %fb[5] : !fragAB
    %b6 = llvm.extractvalue %fb[6] : !fragAB
    %b7 = llvm.extractvalue %fb[7] : !fragAB
    %c0 = llvm.extractvalue %fc[0] : !fragC
    %c1 = llvm.extractvalue %fc[1] : !fragC
    %c2 = llvm.extractvalue %fc[2] : !fragC
    %c3 = llvm.extractvalue %fc[3] : !fragC
    %c4 = llvm.extractvalue %fc[4] : !fragC
    %c5 = llvm.extractvalue %fc[5] : !fragC
    %c6 = llvm.extractvalue %fc[6] : !fragC
    %c7 = llvm.extractvalue %fc[7] : !fragC
    %r = nvvm.wmma.mma %a0, %a1, %a2, %a3, %a4, %a5, %a6, %a7, %b0, %b1, %b2, %b3, %b4, %b5, %b6, %b7, %c0, %c1, %c2, %c3, %c4, %c5, %c6, %c7 {eltypeA = #nvvm.mma_type<f16>, eltypeB = #nvvm.mma_type<f32>, k = 16 : i32, layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, m = 16 : i32, n = 16 : i32} : (!f16x2, !f16x2, !f16x2, !f16x2, !f16x2, !f16x2, !f16x2, !f16x2, !f16x2, !f16x2, !f16x2, !f16x2, !f16x2, !f16x2, !f16x2, !f16x2, f32, f32, f32, f32, f32, f32, f32, f32) -> !fragC
    %d0 = llvm.extractvalue %r[0] : !fragC
    %d1 = llvm.extractvalue %r[1] : !fragC
    %d2 = llvm.extractvalue %r[2] : !fragC
    %d3 = llvm.extractvalue %r[3] : !fragC
    %d4 = llvm.extractvalue %r[4] : !fragC
    %d5 = llvm.extractvalue %r[5] : !fragC
    %d6 = llvm.extractvalue %r[6] : !fragC
    %d7 = llvm.extractvalue %r[7] : !fragC
    nvvm.wmma.store %d, %ld, %d0, %d1, %d2, %d3, %d4, %d5, %d6, %d7 {eltype = #nvvm.mma_type<f32>, k = 16 : i32, layout = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32} : !llvm.ptr<1>, f32, f32, f32, f32, f32, f32, f32, f32
    llvm.return
  }
}
