// RUN: strata-translate --mlir-to-ptx --no-line-info %s | FileCheck %s
// The call of libdevice's exp2f that convert-gpu-to-nvvm makes of
// math.exp2 on f32 is its one instruction, ex2.approx.f32, in place: no
// device library is linked.

// CHECK-LABEL: .visible .entry k(
// CHECK-NOT: call
// CHECK: ex2.approx.f32 [[E:%f[0-9]+]], {{%f[0-9]+}};
// CHECK: st.global.f32 {{\[}}{{%rd[0-9]+}}{{\]}}, [[E]];
module {
  llvm.func @__nv_exp2f(f32) -> f32
  llvm.func @k(%a: f32, %p: !llvm.ptr<1>) attributes {gpu.kernel} {
    %e = llvm.call @__nv_exp2f(%a) : (f32) -> f32
    llvm.store %e, %p : f32, !llvm.ptr<1>
    llvm.return
  }
}
