// RUN: strata-opt --convert-arith-to-llvm %s | FileCheck %s

// CHECK-LABEL: func.func @ints
// CHECK: %[[C:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK: llvm.add %{{.*}}, %[[C]] : i32
// CHECK: llvm.mul %{{.*}} overflow<nsw> : i32
// CHECK: llvm.sdiv
// CHECK: llvm.urem
// CHECK: llvm.lshr
// CHECK: llvm.icmp "ult"
// CHECK: llvm.select
func.func @ints(%a: i32, %b: i32) -> i32 {
  %c = arith.constant 3 : i32
  %0 = arith.addi %a, %c : i32
  %1 = arith.muli %0, %b overflow<nsw> : i32
  %2 = arith.divsi %1, %a : i32
  %3 = arith.remui %2, %b : i32
  %4 = arith.shrui %3, %c : i32
  %5 = arith.cmpi ult, %4, %a : i32
  %6 = arith.select %5, %4, %a : i32
  return %6 : i32
}

// CHECK-LABEL: func.func @floats
// CHECK: llvm.fadd %{{.*}} {fastmathFlags = #llvm.fastmath<nnan, ninf>} : f64
// CHECK: llvm.fcmp "ogt"
// CHECK: llvm.fptosi
// CHECK: llvm.sitofp
// CHECK: llvm.fpext
func.func @floats(%x: f64, %y: f32) -> i1 {
  %0 = arith.addf %x, %x fastmath<nnan,ninf> : f64
  %1 = arith.cmpf ogt, %0, %x : f64
  %2 = arith.fptosi %0 : f64 to i64
  %3 = arith.sitofp %2 : i64 to f64
  %4 = arith.extf %y : f32 to f64
  return %1 : i1
}

// CHECK-LABEL: func.func @index
// CHECK: builtin.unrealized_conversion_cast %{{.*}} : index to i64
// CHECK: llvm.trunc %{{.*}} : i64 to i32
// CHECK: llvm.mlir.constant(7 : index) : i64
func.func @index(%i: index) -> index {
  %0 = arith.index_cast %i : index to i32
  %c = arith.constant 7 : index
  return %c : index
}
