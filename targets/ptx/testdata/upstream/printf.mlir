// gpu.printf, which convert-gpu-to-nvvm lowers to a call of vprintf with
// a constant format string and a stack struct of the arguments. The
// format string is a global of the generic address space: it lives in
// global memory and its address is made generic; vprintf is declared
// .extern, as the CUDA driver's JIT provides it.
// CHECK: .global .align 1 .b8 printfFormat_0[25] = {72, 101, 108, 108, 111, 32, 102, 114, 111, 109, 32, 37, 108, 108, 100, 44, 32, 37, 100, 44, 32, 37, 102, 10, 0};
// CHECK: .extern .func (.param .b32 func_retval0) vprintf(
// CHECK: .visible .entry hello()
// CHECK: .local .align 8 .b8 __local_depot0[24];
// CHECK: mov.u64 [[G:%rd[0-9]+]], printfFormat_0;
// CHECK-NEXT: cvta.global.u64 [[F:%rd[0-9]+]], [[G]];
// CHECK: cvt.f64.f32
// CHECK: cvta.local.u64 [[A:%rd[0-9]+]],
// CHECK: st.param.b64 [param0], [[F]];
// CHECK: st.param.b64 [param1], [[A]];
// CHECK: call.uni (retval0), vprintf, (param0, param1);
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @hello() kernel {
      %0 = gpu.thread_id x
      %csti8 = arith.constant 2 : i8
      %cstf32 = arith.constant 3.0 : f32
      gpu.printf "Hello from %lld, %d, %f\n", %0, %csti8, %cstf32 : index, i8, f32
      gpu.return
    }
  }
}
