// RUN: strata-translate --mlir-to-ptx --no-line-info %s | FileCheck %s
// The calls of libdevice's rsqrtf, expf, fmaxf, fminf and fmaf that
// convert-gpu-to-nvvm makes of math.rsqrt, math.exp, arith.maxnumf,
// arith.minnumf and math.fma on f32 are their instructions, in place: no
// device library is linked.

// CHECK-LABEL: .visible .entry k(
// CHECK-NOT: call
// CHECK: rsqrt.approx.f32 [[R:%f[0-9]+]], {{%f[0-9]+}};
// CHECK: mul.rn.f32 [[S:%f[0-9]+]], [[R]], 0f3FB8AA3B;
// CHECK: ex2.approx.f32 [[E:%f[0-9]+]], [[S]];
// CHECK: max.f32 [[M:%f[0-9]+]], [[E]], [[R]];
// CHECK: min.f32 [[N:%f[0-9]+]], [[M]], [[E]];
// CHECK: fma.rn.f32 [[F:%f[0-9]+]], [[N]], [[M]], [[E]];
// CHECK: st.global.f32 {{\[}}{{%rd[0-9]+}}{{\]}}, [[F]];
module {
  llvm.func @__nv_rsqrtf(f32) -> f32
  llvm.func @__nv_expf(f32) -> f32
  llvm.func @__nv_fmaxf(f32, f32) -> f32
  llvm.func @__nv_fminf(f32, f32) -> f32
  llvm.func @__nv_fmaf(f32, f32, f32) -> f32
  llvm.func @k(%a: f32, %p: !llvm.ptr<1>) attributes {gpu.kernel} {
    %r = llvm.call @__nv_rsqrtf(%a) : (f32) -> f32
    %e = llvm.call @__nv_expf(%r) : (f32) -> f32
    %m = llvm.call @__nv_fmaxf(%e, %r) : (f32, f32) -> f32
    %n = llvm.call @__nv_fminf(%m, %e) : (f32, f32) -> f32
    %f = llvm.call @__nv_fmaf(%n, %m, %e) : (f32, f32, f32) -> f32
    llvm.store %f, %p : f32, !llvm.ptr<1>
    llvm.return
  }
}
