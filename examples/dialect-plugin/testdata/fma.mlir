// toy-strata translate --mlir-to-llvmir translates toy.fma through the
// llvmir.DialectTranslation the toy dialect registers.

// CHECK: define float @fma(float %0, float %1, float %2)
// CHECK: %4 = call float @llvm.fma.f32(float %0, float %1, float %2)
// CHECK-NEXT: ret float %4
// CHECK: declare float @llvm.fma.f32(float %0, float %1, float %2)
llvm.func @fma(%a: f32, %b: f32, %c: f32) -> f32 {
  %r = toy.fma %a, %b, %c : f32
  llvm.return %r : f32
}
