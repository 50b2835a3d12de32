// RUN: strata-opt --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(cse))' %s | FileCheck %s

// Constants of the func dialect are pure: duplicates fold into one.
// CHECK-LABEL: func.func @consts
// CHECK-NEXT: %[[F:.*]] = constant @callee : () -> ()
// CHECK-NEXT: "t.use"(%[[F]], %[[F]])
func.func @consts() {
  %0 = func.constant @callee : () -> ()
  %1 = func.constant @callee : () -> ()
  "t.use"(%0, %1) : (() -> (), () -> ()) -> ()
  return
}
func.func private @callee()

// Unregistered operations may have side effects: they stay.
// CHECK-LABEL: func.func @unknown
// CHECK-COUNT-2: "t.op"
func.func @unknown() {
  %0 = "t.op"() : () -> i32
  %1 = "t.op"() : () -> i32
  "t.use"(%0, %1) : (i32, i32) -> ()
  return
}

// The single block of an unregistered operation may be a graph region:
// a duplicate is replaced only in the uses not visited yet, and stays
// while the earlier addi uses it.
// CHECK-LABEL: func.func @unregistered_region
// CHECK: %[[A:.*]] = arith.addi %[[C1:[^,]*]],
// CHECK-SAME: %[[C1]] : i32
// CHECK-NEXT: %[[C0:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[C1]] = arith.constant 1 : i32
// CHECK-NEXT: "t.use"(%[[C0]], %[[C0]], %[[A]])
func.func @unregistered_region() {
  "t.region"() ({
    %2 = arith.addi %1, %1 : i32
    %0 = arith.constant 1 : i32
    %1 = arith.constant 1 : i32
    "t.use"(%0, %1, %2) : (i32, i32, i32) -> ()
  }) : () -> ()
  return
}
