// RUN: strata-opt --convert-ub-to-llvm %s | FileCheck %s
// RUN: strata-opt --convert-ub-to-llvm --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// ub.poison becomes llvm.mlir.poison.

// GENERIC: "llvm.mlir.poison"() : () -> vector<2xf32>
// CHECK-LABEL: func.func @f() -> vector<2xf32> {
// CHECK-NEXT: %0 = llvm.mlir.poison : vector<2xf32>
// CHECK-NEXT: %1 = llvm.mlir.poison : i32
// CHECK-NEXT: return %0 : vector<2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

func.func @f() -> vector<2xf32> { %0 = ub.poison : vector<2xf32>
 %1 = ub.poison <#ub.poison> : i32
 return %0 : vector<2xf32> }
