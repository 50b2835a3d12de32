// RUN: strata-translate --mlir-to-ptx --no-line-info %s | FileCheck %s
// The call of libdevice's fast expf that convert-gpu-to-nvvm makes of
// math.exp with fastmath<afn> on f32 is, in place, what libdevice's
// __nv_fast_expf is: ex2.approx.ftz of the argument times log2(e).

// CHECK-LABEL: .visible .entry k(
// CHECK-NOT: call
// CHECK: mul.ftz.f32 [[X:%f[0-9]+]], {{%f[0-9]+}}, 0f3FB8AA3B;
// CHECK: ex2.approx.ftz.f32 [[E:%f[0-9]+]], [[X]];
// CHECK: st.global.f32 {{\[}}{{%rd[0-9]+}}{{\]}}, [[E]];
module {
  llvm.func @__nv_fast_expf(f32) -> f32
  llvm.func @k(%a: f32, %p: !llvm.ptr<1>) attributes {gpu.kernel} {
    %e = llvm.call @__nv_fast_expf(%a) : (f32) -> f32
    llvm.store %e, %p : f32, !llvm.ptr<1>
    llvm.return
  }
}
