// RUN: strata-opt --convert-arith-to-llvm %s | FileCheck %s

// The ceil/floor division expansions on index operands: i64 arithmetic
// with index-typed constants.

// CHECK-LABEL: func.func @f
// CHECK: llvm.sdiv %{{.*}}, %{{.*}} : i64
// CHECK: llvm.mlir.constant(0 : index) : i64
// CHECK: llvm.mlir.constant(-1 : index) : i64
// CHECK: llvm.select
// CHECK: llvm.mlir.constant(1 : index) : i64
// CHECK: llvm.udiv
func.func @f(%a: index, %b: index) -> (index, index, index) {
  %0 = arith.floordivsi %a, %b : index
  %1 = arith.ceildivsi %a, %b : index
  %2 = arith.ceildivui %a, %b : index
  return %0, %1, %2 : index, index, index
}
