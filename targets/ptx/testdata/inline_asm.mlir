// RUN: strata-translate --mlir-to-ptx --chip=sm_80 --no-line-info %s | FileCheck %s
// llvm.inline_asm (nvgpu.mma.sp.sync's lowering): $N are the registers of
// the outputs then the inputs; pairs of f16 travel packed in 32-bit
// registers and the outputs are unpacked into the result's leaves.

// CHECK: .version 7.8
// CHECK: .target sm_80
// CHECK-LABEL: .visible .entry sparse(
// CHECK: mov.b32 [[A0:%r[0-9]+]], {{[{]}}%rs{{[0-9]+}}, %rs{{[0-9]+}}};
// CHECK: mma.sp.sync.aligned.m16n8k32.row.col.f16.f16.f16.f16 {[[D0:%r[0-9]+]],[[D1:%r[0-9]+]]},{[[A0]],%r{{[0-9]+}},%r{{[0-9]+}},%r{{[0-9]+}}},{%r{{[0-9]+}},%r{{[0-9]+}},%r{{[0-9]+}},%r{{[0-9]+}}},{%r{{[0-9]+}},%r{{[0-9]+}}},%r{{[0-9]+}},0x0;
// CHECK-NEXT: mov.b32 {%rs{{[0-9]+}}, %rs{{[0-9]+}}}, [[D0]];
// CHECK-NEXT: mov.b32 {%rs{{[0-9]+}}, %rs{{[0-9]+}}}, [[D1]];
!v = vector<2xf16>
!res = !llvm.struct<(vector<2xf16>, vector<2xf16>)>
module {
  llvm.func @sparse(%p: !llvm.ptr<1>, %meta: i32) attributes {nvvm.kernel} {
    %a = llvm.load %p : !llvm.ptr<1> -> !v
    %d = llvm.inline_asm has_side_effects asm_dialect = att "mma.sp.sync.aligned.m16n8k32.row.col.f16.f16.f16.f16 {$0,$1},{$2,$3,$4,$5},{$6,$7,$8,$9},{$10,$11},$12,0x0;", "=r,=r,r,r,r,r,r,r,r,r,r,r,r" %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %meta : (!v, !v, !v, !v, !v, !v, !v, !v, !v, !v, i32) -> !res
    %d0 = llvm.extractvalue %d[0] : !res
    %d1 = llvm.extractvalue %d[1] : !res
    llvm.store %d0, %p : !v, !llvm.ptr<1>
    %q = llvm.getelementptr %p[1] : (!llvm.ptr<1>) -> !llvm.ptr<1>, !v
    llvm.store %d1, %q : !v, !llvm.ptr<1>
    llvm.return
  }
}
