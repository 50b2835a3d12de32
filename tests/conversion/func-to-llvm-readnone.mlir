// RUN: strata-opt --convert-func-to-llvm %s | FileCheck %s
// RUN: strata-opt --convert-func-to-llvm --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC
// RUN: strata-opt --convert-math-to-libm --convert-func-to-llvm %s | FileCheck %s --check-prefix=LIBM

// A function marked llvm.readnone (convert-math-to-libm's declarations)
// accesses no memory: its llvm.func gets memory_effects of none
// everywhere, and the attribute is dropped.

// CHECK: llvm.func @erff(f32) -> f32 attributes {memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, sym_visibility = "private"}
// CHECK: llvm.func @keep(f64) -> f64 attributes {memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, my.attr = 3 : i64, sym_visibility = "private"}
// CHECK: llvm.func @plain(f64) -> f64 attributes {sym_visibility = "private"}
// CHECK-LABEL: llvm.func @f
// CHECK: llvm.call @erff(%arg0) : (f32) -> f32
// GENERIC: "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<f32 (f32)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, sym_name = "erff", sym_visibility = "private", visibility_ = 0 : i64}> ({
// GENERIC-NEXT: }) : () -> ()
// GENERIC: "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<f64 (f64)>, linkage = #llvm.linkage<external>, memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, sym_name = "keep", sym_visibility = "private", visibility_ = 0 : i64}> ({
// GENERIC-NEXT: }) {my.attr = 3 : i64} : () -> ()
// LIBM: llvm.func @tanh(f64) -> f64 attributes {memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, sym_visibility = "private"}
// LIBM: llvm.func @erff(f32) -> f32 attributes {memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, sym_visibility = "private"}
// LIBM-LABEL: llvm.func @f
// LIBM: llvm.call @erff(%arg0) : (f32) -> f32
// LIBM: llvm.call @tanh(%{{.*}}) : (f64) -> f64
func.func private @erff(f32) -> f32 attributes {llvm.readnone}
func.func private @keep(f64) -> f64 attributes {llvm.readnone, my.attr = 3}
func.func private @plain(f64) -> f64
func.func @f(%a: f32, %b: f64) -> (f32, f64) {
  %0 = call @erff(%a) : (f32) -> f32
  %1 = call @keep(%b) : (f64) -> f64
  %2 = call @plain(%1) : (f64) -> f64
  %3 = math.tanh %2 : f64
  return %0, %3 : f32, f64
}
