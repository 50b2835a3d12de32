// RUN: strata-opt --allow-unregistered-dialect --canonicalize %s | FileCheck %s

// Results that do not depend on the regions become arith.select, or the
// value itself when both branches yield it.
// CHECK-LABEL: func.func @if_to_select
// CHECK-NEXT: %0 = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT: return %0, %arg1, %arg2 : i32, i32, i32
func.func @if_to_select(%c: i1, %x: i32, %y: i32) -> (i32, i32, i32) {
  %0:3 = scf.if %c -> (i32, i32, i32) {
    scf.yield %x, %x, %y : i32, i32, i32
  } else {
    scf.yield %y, %x, %y : i32, i32, i32
  }
  return %0#0, %0#1, %0#2 : i32, i32, i32
}

// A constant condition inlines the branch it selects.
// CHECK-LABEL: func.func @if_static
// CHECK-NEXT: %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT: %1 = arith.muli %arg0, %arg0 : i32
// CHECK-NEXT: %2 = arith.addi %0, %1 : i32
func.func @if_static(%x: i32) -> i32 {
  %t = arith.constant true
  %0 = scf.if %t -> (i32) {
    %1 = arith.addi %x, %x : i32
    scf.yield %1 : i32
  } else {
    scf.yield %x : i32
  }
  %f = arith.constant false
  %2 = scf.if %f -> (i32) {
    %1 = arith.addi %x, %x : i32
    scf.yield %1 : i32
  } else {
    %3 = arith.muli %x, %x : i32
    scf.yield %3 : i32
  }
  scf.if %f {
    "test.never"() : () -> ()
  }
  %s = arith.addi %0, %2 : i32
  return %s : i32
}

// Unused results are dropped.
// CHECK-LABEL: func.func @if_unused
// CHECK: %0 = scf.if %arg0 -> (i32) {
// CHECK: scf.yield %1 : i32
// CHECK: scf.yield %arg1 : i32
func.func @if_unused(%c: i1, %x: i32) -> i32 {
  %0:2 = scf.if %c -> (i32, i32) {
    %1 = arith.addi %x, %x : i32
    "test.use"(%1) : (i32) -> ()
    scf.yield %1, %1 : i32, i32
  } else {
    %3 = arith.muli %x, %x : i32
    scf.yield %3, %x : i32, i32
  }
  return %0#1 : i32
}

// Loops that run zero times or once disappear; iter_args yielded
// unchanged are forwarded from their init.
// CHECK-LABEL: func.func @for_trivial
// CHECK: %0 = arith.addi %arg1, %arg1 : i32
// CHECK-NEXT: "test.use"(%c0) : (index) -> ()
// CHECK-NEXT: %1 = scf.for %arg2 = %arg0 to %c10 step %c1 iter_args(%arg3 = %arg1) -> (i32) {
// CHECK: return %arg1, %0, %arg1 : i32, i32, i32
func.func @for_trivial(%lb: index, %x: i32) -> (i32, i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %0 = scf.for %i = %c0 to %c0 step %c1 iter_args(%a = %x) -> (i32) {
    %1 = arith.addi %a, %a : i32
    scf.yield %1 : i32
  }
  %2 = scf.for %i = %c0 to %c1 step %c1 iter_args(%a = %x) -> (i32) {
    %1 = arith.addi %a, %a : i32
    "test.use"(%i) : (index) -> ()
    scf.yield %1 : i32
  }
  %3:2 = scf.for %i = %lb to %c10 step %c1 iter_args(%a = %x, %b = %x) -> (i32, i32) {
    %1 = arith.addi %a, %b : i32
    "test.use"(%1) : (i32) -> ()
    scf.yield %a, %1 : i32, i32
  }
  return %0, %2, %3#0 : i32, i32, i32
}

// Duplicate iter_args, unused ones, and empty loops that only yield
// values from outside.
// CHECK-LABEL: func.func @for_iter_args
// CHECK: %0 = scf.for %arg2 = %c0 to %c10 step %c1 iter_args(%arg3 = %arg0) -> (i32) {
// CHECK: return %0, %0, %arg1 : i32, i32, i32
func.func @for_iter_args(%x: i32, %y: i32) -> (i32, i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %0:3 = scf.for %i = %c0 to %c10 step %c1 iter_args(%a = %x, %b = %x, %u = %y) -> (i32, i32, i32) {
    %1 = "test.f"(%a) : (i32) -> i32
    scf.yield %1, %1, %u : i32, i32, i32
  }
  %2 = scf.for %i = %c0 to %c10 step %c1 iter_args(%a = %x) -> (i32) {
    scf.yield %y : i32
  }
  return %0#0, %0#1, %2 : i32, i32, i32
}

// Single-block scf.execute_region is inlined (with no_inline too, as in
// MLIR 22); a switch on a constant becomes the selected case.
// CHECK-LABEL: func.func @region_and_switch
// CHECK-NEXT: %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT: %1 = arith.muli %arg0, %arg0 : i32
// CHECK-NEXT: "test.default"() : () -> ()
// CHECK-NEXT: return %0, %arg0, %1 : i32, i32, i32
func.func @region_and_switch(%x: i32, %i: index) -> (i32, i32, i32) {
  %0 = scf.execute_region -> i32 {
    %1 = arith.addi %x, %x : i32
    scf.yield %1 : i32
  }
  %k = scf.execute_region -> i32 no_inline {
    scf.yield %x : i32
  }
  %c2 = arith.constant 2 : index
  %2 = scf.index_switch %c2 -> i32
  case 1 {
    scf.yield %x : i32
  }
  case 2 {
    %5 = arith.muli %x, %x : i32
    scf.yield %5 : i32
  }
  default {
    scf.yield %x : i32
  }
  %c7 = arith.constant 7 : index
  scf.index_switch %c7
  case 1 {
    "test.one"() : () -> ()
    scf.yield
  }
  default {
    "test.default"() : () -> ()
  }
  return %0, %k, %2 : i32, i32, i32
}

// An empty else branch is removed.
// CHECK-LABEL: func.func @if_empty_else
// CHECK: scf.if %arg0 {
// CHECK-NEXT: "test.x"() : () -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @if_empty_else(%c: i1) {
  scf.if %c {
    "test.x"() : () -> ()
  } else {
  }
  return
}

// Adjacent scf.if on the same condition merge; uses of the first one's
// results in the second take the yielded values.
// CHECK-LABEL: func.func @if_combine
// CHECK: %0:2 = scf.if %arg0 -> (i32, i32) {
// CHECK-NEXT: %1 = arith.addi %arg1, %arg1 : i32
// CHECK-NEXT: %2 = arith.muli %1, %1 : i32
// CHECK-NEXT: scf.yield %1, %2 : i32, i32
func.func @if_combine(%c: i1, %x: i32) -> (i32, i32) {
  %0 = scf.if %c -> (i32) {
    %1 = arith.addi %x, %x : i32
    scf.yield %1 : i32
  } else {
    scf.yield %x : i32
  }
  %2 = scf.if %c -> (i32) {
    %3 = arith.muli %0, %0 : i32
    scf.yield %3 : i32
  } else {
    %4 = "test.f"(%0) : (i32) -> i32
    scf.yield %4 : i32
  }
  return %0, %2 : i32, i32
}

// On a negated condition the second scf.if becomes the else branch.
// CHECK-LABEL: func.func @if_combine_not
// CHECK: scf.if %arg0 {
// CHECK-NEXT: "test.a"() : () -> ()
// CHECK-NEXT: } else {
// CHECK-NEXT: "test.b"() : () -> ()
func.func @if_combine_not(%c: i1) {
  %t = arith.constant true
  %n = arith.xori %c, %t : i1
  scf.if %c {
    "test.a"() : () -> ()
  }
  scf.if %n {
    "test.b"() : () -> ()
  }
  return
}

// Inside the branches the condition is a constant.
// CHECK-LABEL: func.func @if_condition_propagation
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %true = arith.constant true
// CHECK: "test.f"(%true)
// CHECK: "test.g"(%false)
func.func @if_condition_propagation(%c: i1, %x: i32) -> i32 {
  %0 = scf.if %c -> (i32) {
    %1 = "test.f"(%c) : (i1) -> i32
    scf.yield %1 : i32
  } else {
    %2 = "test.g"(%c) : (i1) -> i32
    scf.yield %2 : i32
  }
  return %0 : i32
}

// i1 results yielding true/false are the condition or its negation; a
// value yielded by both branches is used directly.
// CHECK-LABEL: func.func @if_yield_condition
// CHECK: %[[NOT:.*]] = arith.xori %arg0, %true : i1
// CHECK: return %arg0, %[[NOT]], %arg1 : i1, i1, i32
func.func @if_yield_condition(%c: i1, %x: i32) -> (i1, i1, i32) {
  %0, %1, %2 = scf.if %c -> (i1, i1, i32) {
    %t = arith.constant true
    %f = arith.constant false
    "test.x"() : () -> ()
    scf.yield %t, %f, %x : i1, i1, i32
  } else {
    %t = arith.constant true
    %f = arith.constant false
    "test.y"() : () -> ()
    scf.yield %f, %t, %x : i1, i1, i32
  }
  return %0, %1, %2 : i1, i1, i32
}

// In the after region of scf.while a forwarded condition is true; results
// and after-region arguments that nothing uses are dropped.
// CHECK-LABEL: func.func @while_truth_and_unused
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %0 = scf.while (%arg1 = %arg0) : (f32) -> f32 {
// CHECK: scf.condition(%1) %arg1 : f32
// CHECK: ^bb0(%arg1: f32):
// CHECK-NEXT: "test.use"(%arg1, %true)
func.func @while_truth_and_unused(%x: f32) -> f32 {
  %r:2 = scf.while (%acc = %x) : (f32) -> (f32, i1) {
    %cond = "test.cond"(%acc) : (f32) -> i1
    scf.condition(%cond) %acc, %cond : f32, i1
  } do {
  ^bb0(%a2: f32, %c2: i1):
    %d = "test.use"(%a2, %c2) : (f32, i1) -> f32
    scf.yield %d : f32
  }
  return %r#0 : f32
}

// Values scf.condition forwards from outside the loop, and before-region
// arguments that always receive their initial value, leave the loop.
// CHECK-LABEL: func.func @while_invariants
// CHECK-NEXT: %0 = scf.while (%arg3 = %arg0) : (i32) -> i32 {
// CHECK: scf.condition(%1) %arg3 : i32
// CHECK: "test.next"(%arg3, %arg2)
// CHECK: return %arg2, %0 : f32, i32
func.func @while_invariants(%lb: i32, %ub: i32, %x: f32) -> (f32, i32) {
  %r:2 = scf.while (%i = %lb) : (i32) -> (i32, f32) {
    %cond = arith.cmpi slt, %i, %ub : i32
    scf.condition(%cond) %i, %x : i32, f32
  } do {
  ^bb0(%i2: i32, %a2: f32):
    %n = "test.next"(%i2, %a2) : (i32, f32) -> i32
    scf.yield %n : i32
  }
  return %r#1, %r#0 : f32, i32
}

// CHECK-LABEL: func.func @while_invariant_arg
// CHECK-NEXT: %0 = scf.while (%arg3 = %arg0) : (i32) -> i32 {
// CHECK-NEXT: %1 = "test.cond"(%arg3, %arg2) : (i32, f32) -> i1
func.func @while_invariant_arg(%lb: i32, %ub: i32, %x: f32) -> i32 {
  %r:2 = scf.while (%i = %lb, %k = %x) : (i32, f32) -> (i32, f32) {
    %cond = "test.cond"(%i, %k) : (i32, f32) -> i1
    scf.condition(%cond) %i, %k : i32, f32
  } do {
  ^bb0(%i2: i32, %a2: f32):
    %n = "test.next"(%i2, %a2) : (i32, f32) -> i32
    scf.yield %n, %a2 : i32, f32
  }
  return %r#0 : i32
}
