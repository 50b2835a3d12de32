// RUN: strata-opt --allow-unregistered-dialect --canonicalize %s | FileCheck %s

// Constants are deduplicated and hoisted to the entry block of the
// function; dead pure operations disappear.
// CHECK-LABEL: func.func @consts
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[C2:.*]] = arith.constant 2 : i32
// CHECK-NEXT: "t.use"(%[[C1]], %[[C2]], %[[C1]])
func.func @consts() {
  %a = arith.constant 1 : i32
  %b = arith.constant 2 : i32
  %dead = arith.constant 7 : i64
  %c = arith.constant 1 : i32
  "t.use"(%a, %b, %c) : (i32, i32, i32) -> ()
  return
}
