// RUN: strata-opt --allow-unregistered-dialect --canonicalize=region-simplify=aggressive %s | FileCheck %s

// Aggressive region simplification: identical blocks merged (with new
// block arguments for the operands that differ) and block arguments that
// every predecessor passes the same value dropped.

// CHECK-LABEL: func.func @merge(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT: %0 = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT: %1 = arith.addi %0, %0 : i32
// CHECK-NEXT: return %1 : i32
// CHECK-NEXT: }
func.func @merge(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %x = arith.addi %a, %a : i32
  cf.br ^bb3(%x : i32)
^bb2:
  %y = arith.addi %b, %b : i32
  cf.br ^bb3(%y : i32)
^bb3(%z: i32):
  return %z : i32
}
// CHECK-LABEL: func.func @merge_returns(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT: %0 = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT: "foo.op"(%0) : (i32) -> ()
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func @merge_returns(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  "foo.op"(%a) : (i32) -> ()
  return %a : i32
^bb2:
  "foo.op"(%b) : (i32) -> ()
  return %b : i32
}
// CHECK-LABEL: func.func @redundant(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT: %0 = arith.select %arg0, %arg2, %arg1 : i32
// CHECK-NEXT: %1 = arith.addi %arg1, %0 : i32
// CHECK-NEXT: return %1 : i32
// CHECK-NEXT: }
func.func @redundant(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1(%a, %b : i32, i32), ^bb1(%a, %a : i32, i32)
^bb1(%x: i32, %y: i32):
  %s = arith.addi %x, %y : i32
  return %s : i32
}
// CHECK-LABEL: func.func @same_args(%arg0: i1, %arg1: i32, %arg2: i32) {
// CHECK-NEXT: %0 = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT: "foo.op"(%0, %0) : (i32, i32) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @same_args(%c: i1, %a: i32, %b: i32) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  "foo.op"(%a, %a) : (i32, i32) -> ()
  return
^bb2:
  "foo.op"(%b, %b) : (i32, i32) -> ()
  return
}
// CHECK-LABEL: func.func @loop(%arg0: index) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: cf.br ^bb1(%c0, %arg0 : index, index)
// CHECK-NEXT: ^bb1(%0: index, %1: index):  // 2 preds: ^bb0, ^bb2
// CHECK-NEXT: %2 = arith.cmpi slt, %0, %1 : index
// CHECK-NEXT: cf.cond_br %2, ^bb2, ^bb3
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT: "foo.body"(%0) : (index) -> ()
// CHECK-NEXT: %3 = arith.addi %0, %c1 : index
// CHECK-NEXT: cf.br ^bb1(%3, %1 : index, index)
// CHECK-NEXT: ^bb3:  // pred: ^bb1
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^bb1(%c0, %n : index, index)
^bb1(%i: index, %m: index):
  %p = arith.cmpi slt, %i, %m : index
  cf.cond_br %p, ^bb2, ^bb3
^bb2:
  "foo.body"(%i) : (index) -> ()
  %j = arith.addi %i, %c1 : index
  cf.br ^bb1(%j, %m : index, index)
^bb3:
  return
}
