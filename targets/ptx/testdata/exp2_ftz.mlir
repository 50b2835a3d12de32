// RUN: strata-translate --mlir-to-ptx --no-line-info %s | FileCheck %s
// Under the ftz flag of the gpu.module's #nvvm.target (nvvm-attach-target
// ftz), libdevice's exp2f and expf flush subnormals to zero, as libdevice
// does under nvvm-reflect-ftz: ex2.approx.ftz.f32, in place.

// CHECK-LABEL: .visible .entry k(
// CHECK-NOT: call
// CHECK: ex2.approx.ftz.f32 [[E:%f[0-9]+]], {{%f[0-9]+}};
// CHECK: mul.rn.f32 [[S:%f[0-9]+]], [[E]], 0f3FB8AA3B;
// CHECK: ex2.approx.ftz.f32 [[F:%f[0-9]+]], [[S]];
// CHECK: st.global.f32 {{\[}}{{%rd[0-9]+}}{{\]}}, [[F]];
module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_90a", flags = {ftz}>] {
    llvm.func @__nv_exp2f(f32) -> f32
    llvm.func @__nv_expf(f32) -> f32
    llvm.func @k(%a: f32, %p: !llvm.ptr<1>) attributes {gpu.kernel} {
      %e = llvm.call @__nv_exp2f(%a) : (f32) -> f32
      %f = llvm.call @__nv_expf(%e) : (f32) -> f32
      llvm.store %f, %p : f32, !llvm.ptr<1>
      llvm.return
    }
  }
}
