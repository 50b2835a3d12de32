// RUN: strata-opt --allow-unregistered-dialect --pass-pipeline='builtin.module(gpu.module(convert-gpu-to-nvvm))' %s | FileCheck %s
// NO-DIFF: mlir-opt-22 knows test.symbol_scope as a symbol table of its
// test dialect; here it is an unregistered operation.

// A libdevice function called from a function nested in an operation that
// is not a symbol table is declared once, in the gpu.module, where the
// calls find it.

// CHECK: gpu.module @test_module {
// CHECK-NEXT: llvm.func @__nv_sinf(f32) -> f32
// CHECK-NEXT: llvm.func @__nv_sin(f64) -> f64
// CHECK-NEXT: "test.symbol_scope"() ({
// CHECK-NOT: llvm.func @__nv_
gpu.module @test_module {
  "test.symbol_scope"() ({
    func.func @gpu_sin(%a : f32, %b : f32, %c : f64) -> (f32, f32, f64) {
      %0 = math.sin %a : f32
      %1 = math.sin %b : f32
      %2 = math.sin %c : f64
      func.return %0, %1, %2 : f32, f32, f64
    }
  }) : () -> ()
}
