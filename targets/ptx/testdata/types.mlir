// RUN: strata-translate --mlir-to-ptx --chip=sm_80 --no-line-info %s | FileCheck %s
// Conversions, comparisons, selects, i1 and i8 values, 16-bit floats,
// vectors and aggregates (a memref descriptor taken apart).

// CHECK-NOT: .loc
// CHECK-LABEL: .visible .entry conv(
// CHECK: cvt.rn.f32.s32 {{%f[0-9]+}}, {{%r[0-9]+}};
// CHECK: cvt.rzi.s32.f32
// CHECK: cvt.f64.f32
// CHECK: cvt.rn.f16.f32 {{%rs[0-9]+}}, {{%f[0-9]+}};
// CHECK: cvt.f32.f16
// CHECK: cvt.u64.u32
// CHECK: cvt.s64.s32
// CHECK: setp.lo.u32
// CHECK: selp.b32 {{%r[0-9]+}}, 1, 0, {{%p[0-9]+}};
// CHECK: setp.num.f32
// CHECK: selp.f32
// CHECK: cvt.s16.s8
// CHECK: div.s16
// CHECK: mov.b16 [[Z:%rs[0-9]+]], 0;
// CHECK-NEXT: mov.b32 {{%f[0-9]+}}, {[[Z]], {{%rs[0-9]+}}};
// CHECK: ld.global.v4.f32 {[[V0:%f[0-9]+]], {{%f[0-9]+}}, {{%f[0-9]+}}, [[V3:%f[0-9]+]]}, [{{%rd[0-9]+}}];
// CHECK: add.rn.f32 {{%f[0-9]+}}, [[V0]], [[V3]];
// A generic pointer parameter of a kernel points into global memory.
// CHECK: cvta.to.global.u64 [[D:%rd[0-9]+]], {{%rd[0-9]+}};
// CHECK-NEXT: ld.global.u64 {{%rd[0-9]+}}, {{\[}}[[D]]{{\]}};
// CHECK-NEXT: ld.global.u64 [[PTR:%rd[0-9]+]], {{\[}}[[D]]+8{{\]}};
// CHECK: ld.global.f32 {{%f[0-9]+}}, {{\[}}[[PTR]]{{\]}};
// CHECK: atom.global.add.f32
// CHECK: max.NaN.f32
module {
  llvm.func @conv(%i: i32, %x: f32, %b: i8, %h: bf16, %v: !llvm.ptr<1>, %d: !llvm.ptr, %out: !llvm.ptr<1>) attributes {gpu.kernel} {
    %f = llvm.sitofp %i : i32 to f32
    %k = llvm.fptosi %x : f32 to i32
    %e = llvm.fpext %x : f32 to f64
    %t = llvm.fptrunc %x : f32 to f16
    %u = llvm.fpext %t : f16 to f32
    %z = llvm.zext %i : i32 to i64
    %s = llvm.sext %i : i32 to i64
    %lt = llvm.icmp "ult" %i, %k : i32
    %w = llvm.zext %lt : i1 to i32
    %o = llvm.fcmp "ord" %x, %u : f32
    %sel = llvm.select %o, %x, %u : i1, f32
    %q = llvm.sdiv %b, %b : i8
    %hb = llvm.fpext %h : bf16 to f32
    %vec = llvm.load %v : !llvm.ptr<1> -> vector<4xf32>
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %c3 = llvm.mlir.constant(3 : i32) : i32
    %e0 = llvm.extractelement %vec[%c0 : i32] : vector<4xf32>
    %e3 = llvm.extractelement %vec[%c3 : i32] : vector<4xf32>
    %sum = llvm.fadd %e0, %e3 : f32
    %desc = llvm.load %d : !llvm.ptr -> !llvm.struct<(ptr<1>, ptr<1>, i64, array<1 x i64>, array<1 x i64>)>
    %aligned = llvm.extractvalue %desc[1] : !llvm.struct<(ptr<1>, ptr<1>, i64, array<1 x i64>, array<1 x i64>)>
    %val = llvm.load %aligned : !llvm.ptr<1> -> f32
    %old = llvm.atomicrmw fadd %out, %val monotonic : !llvm.ptr<1>, f32
    %m = llvm.intr.maximum(%sum, %hb) : (f32, f32) -> f32
    llvm.store %m, %out : f32, !llvm.ptr<1>
    llvm.return
  }
}
