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
