// RUN: strata-opt --convert-arith-to-llvm %s | FileCheck %s

// Ceil and floor divisions expand as upstream's
// populateCeilFloorDivExpandOpsPatterns; extended multiplications
// multiply in twice the width.

// CHECK: llvm.sdiv
// CHECK: llvm.udiv
// CHECK: llvm.mlir.constant(-1 : i32) : i32
// CHECK: llvm.sext %arg0 : i32 to i64
// CHECK: llvm.lshr
func.func @f(%a: i32, %b: i32) -> (i32, i32, i32, i32, i32, i32, i32) {
  %0 = arith.ceildivsi %a, %b : i32
  %1 = arith.ceildivui %a, %b : i32
  %2 = arith.floordivsi %a, %b : i32
  %3:2 = arith.mulsi_extended %a, %b : i32
  %4:2 = arith.mului_extended %a, %b : i32
  return %0, %1, %2, %3#0, %3#1, %4#0, %4#1 : i32, i32, i32, i32, i32, i32, i32
}
