// RUN: strata-opt --convert-arith-to-llvm %s | FileCheck %s

// As MLIR's conversion driver, an arith operation is folded before it is
// converted: constant results become llvm.mlir.constant at its place,
// results equal to an operand are replaced by it.

// CHECK-LABEL: func.func @f
// CHECK: %[[Z:.*]] = llvm.mlir.constant(0.000000e+00 : f32) : f32
// CHECK: %[[NAN:.*]] = llvm.mlir.constant(0x7FC00000 : f32) : f32
// CHECK: %[[SIX:.*]] = llvm.mlir.constant(6 : i32) : i32
// CHECK: %[[TWO:.*]] = llvm.mlir.constant(2.000000e+00 : f32) : f32
// CHECK: llvm.mul %arg0, %{{.*}} : i32
// CHECK: return %[[NAN]], %[[SIX]], %[[TWO]], %arg0
func.func @f(%x: i32) -> (f32, i32, f32, i32, i32) {
  %f = arith.constant 0.0 : f32
  %g = arith.constant 1.0 : f32
  %nan = arith.divf %f, %f : f32
  %a = arith.constant 3 : i32
  %b = arith.addi %a, %a : i32
  %c = arith.addf %g, %g : f32
  %z = arith.constant 0 : i32
  %x0 = arith.addi %x, %z : i32
  %m = arith.muli %x0, %a : i32
  return %nan, %b, %c, %x0, %m : f32, i32, f32, i32, i32
}
