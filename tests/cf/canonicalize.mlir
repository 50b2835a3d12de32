// RUN: strata-opt --allow-unregistered-dialect --canonicalize %s | FileCheck %s

// Canonicalization of the cf operations (constant conditions and flags,
// pass-through blocks, identical successors, branches on a condition
// already decided, switch cases) and region simplification (merged
// single-predecessor blocks, dead block arguments).

// CHECK-LABEL: func.func @assert_true() {
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @assert_true() {
  %t = arith.constant true
  cf.assert %t, "never"
  return
}

// CHECK-LABEL: func.func @br_single_pred(%arg0: i32) -> i32 {
// CHECK-NEXT: %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func @br_single_pred(%a: i32) -> i32 {
  cf.br ^bb1(%a : i32)
^bb1(%x: i32):
  %y = arith.addi %x, %x : i32
  return %y : i32
}

// CHECK-LABEL: func.func @pass_through(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: cf.br ^bb3(%arg1 : i32)
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: cf.br ^bb3(%arg2 : i32)
// CHECK-NEXT: ^bb3(%0: i32):  // 3 preds: ^bb1, ^bb2, ^bb3
// CHECK-NEXT: "foo.use"(%0) : (i32) -> ()
// CHECK-NEXT: cf.br ^bb3(%0 : i32)
// CHECK-NEXT: }
func.func @pass_through(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%a : i32)
^bb2:
  cf.br ^bb3(%b : i32)
^bb3(%x: i32):
  "foo.use"(%x) : (i32) -> ()
  cf.br ^bb3(%x : i32)
}

// CHECK-LABEL: func.func @const_cond(%arg0: i32, %arg1: i32) -> i32 {
// CHECK-NEXT: return %arg1 : i32
// CHECK-NEXT: }
func.func @const_cond(%a: i32, %b: i32) -> i32 {
  %f = arith.constant false
  cf.cond_br %f, ^bb1(%a : i32), ^bb1(%b : i32)
^bb1(%x: i32):
  return %x : i32
}

// CHECK-LABEL: func.func @identical_successors(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT: %0 = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func @identical_successors(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1(%a : i32), ^bb1(%b : i32)
^bb1(%x: i32):
  return %x : i32
}

// CHECK-LABEL: func.func @same_condition(%arg0: i1, %arg1: i32, %arg2: i32) {
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT: "foo.op"() : () -> ()
// CHECK-NEXT: %0 = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT: "foo.use"(%0) : (i32) -> ()
// CHECK-NEXT: cf.br ^bb1
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: "foo.op2"() : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @same_condition(%c: i1, %a: i32, %b: i32) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  "foo.op"() : () -> ()
  cf.cond_br %c, ^bb3(%a : i32), ^bb3(%b : i32)
^bb2:
  "foo.op2"() : () -> ()
  return
^bb3(%x: i32):
  "foo.use"(%x) : (i32) -> ()
  cf.br ^bb1
}

// CHECK-LABEL: func.func @truth_propagation(%arg0: i1) {
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "foo.use"(%true) : (i1) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: "foo.use"(%false) : (i1) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @truth_propagation(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  "foo.use"(%c) : (i1) -> ()
  return
^bb2:
  "foo.use"(%c) : (i1) -> ()
  return
}

// CHECK-LABEL: func.func @switch_only_default(%arg0: i32, %arg1: i32) -> i32 {
// CHECK-NEXT: return %arg1 : i32
// CHECK-NEXT: }
func.func @switch_only_default(%f: i32, %a: i32) -> i32 {
  cf.switch %f : i32, [
    default: ^bb1(%a : i32)
  ]
^bb1(%x: i32):
  return %x : i32
}

// CHECK-LABEL: func.func @switch_const(%arg0: i32, %arg1: i32) -> i32 {
// CHECK-NEXT: return %arg1 : i32
// CHECK-NEXT: }
func.func @switch_const(%a: i32, %b: i32) -> i32 {
  %c = arith.constant 43 : i32
  cf.switch %c : i32, [
    default: ^bb1(%a : i32),
    42: ^bb1(%b : i32),
    43: ^bb2
  ]
^bb1(%x: i32):
  return %x : i32
^bb2:
  return %b : i32
}

// CHECK-LABEL: func.func @switch_drop_default_cases(%arg0: i32, %arg1: i32, %arg2: i32) {
// CHECK-NEXT: cf.switch %arg0 : i32, [
// CHECK-NEXT: default: ^bb1(%arg1 : i32),
// CHECK-NEXT: 43: ^bb2(%arg2 : i32),
// CHECK-NEXT: 44: ^bb1(%arg2 : i32)
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb0
// CHECK-NEXT: "foo.use"(%0) : (i32) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: ^bb2(%1: i32):  // pred: ^bb0
// CHECK-NEXT: "foo.use2"(%1) : (i32) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @switch_drop_default_cases(%f: i32, %a: i32, %b: i32) {
  cf.switch %f : i32, [
    default: ^bb1(%a : i32),
    42: ^bb1(%a : i32),
    43: ^bb2(%b : i32),
    44: ^bb1(%b : i32)
  ]
^bb1(%x: i32):
  "foo.use"(%x) : (i32) -> ()
  return
^bb2(%y: i32):
  "foo.use2"(%y) : (i32) -> ()
  return
}

// CHECK-LABEL: func.func @switch_pass_through(%arg0: i32, %arg1: i32, %arg2: i32) {
// CHECK-NEXT: cf.switch %arg0 : i32, [
// CHECK-NEXT: default: ^bb1,
// CHECK-NEXT: 42: ^bb2
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: cf.br ^bb3(%arg1 : i32)
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: cf.br ^bb3(%arg2 : i32)
// CHECK-NEXT: ^bb3(%0: i32):  // 3 preds: ^bb1, ^bb2, ^bb3
// CHECK-NEXT: "foo.use"(%0) : (i32) -> ()
// CHECK-NEXT: cf.br ^bb3(%0 : i32)
// CHECK-NEXT: }
func.func @switch_pass_through(%f: i32, %a: i32, %b: i32) {
  cf.switch %f : i32, [
    default: ^bb1,
    42: ^bb2
  ]
^bb1:
  cf.br ^bb3(%a : i32)
^bb2:
  cf.br ^bb3(%b : i32)
^bb3(%x: i32):
  "foo.use"(%x) : (i32) -> ()
  cf.br ^bb3(%x : i32)
}

// CHECK-LABEL: func.func @switch_same_flag(%arg0: i32) {
// CHECK-NEXT: cf.switch %arg0 : i32, [
// CHECK-NEXT: default: ^bb1,
// CHECK-NEXT: 42: ^bb2
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: cf.switch %arg0 : i32, [
// CHECK-NEXT: default: ^bb3,
// CHECK-NEXT: 43: ^bb4
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: "foo.b"() : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: ^bb3:  // pred: ^bb1
// CHECK-NEXT: "foo.a"() : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: ^bb4:  // pred: ^bb1
// CHECK-NEXT: "foo.c"() : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @switch_same_flag(%f: i32) {
  cf.switch %f : i32, [
    default: ^bb1,
    42: ^bb2
  ]
^bb1:
  cf.switch %f : i32, [
    default: ^bb3,
    42: ^bb4,
    43: ^bb5
  ]
^bb2:
  cf.switch %f : i32, [
    default: ^bb3,
    42: ^bb4
  ]
^bb3:
  "foo.a"() : () -> ()
  return
^bb4:
  "foo.b"() : () -> ()
  return
^bb5:
  "foo.c"() : () -> ()
  return
}

// CHECK-LABEL: func.func @dead_block_args(%arg0: i1, %arg1: i32) {
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2(%arg1 : i32)
// CHECK-NEXT: ^bb1:  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT: "foo.a"() : () -> ()
// CHECK-NEXT: cf.br ^bb1
// CHECK-NEXT: ^bb2(%0: i32):  // pred: ^bb0
// CHECK-NEXT: "foo.use"(%0) : (i32) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @dead_block_args(%c: i1, %a: i32) {
  cf.cond_br %c, ^bb1(%a : i32), ^bb2(%a, %a : i32, i32)
^bb1(%x: i32):
  "foo.a"() : () -> ()
  cf.br ^bb1(%x : i32)
^bb2(%y: i32, %z: i32):
  "foo.use"(%z) : (i32) -> ()
  return
}

// CHECK-LABEL: func.func @pass_through_acyclic(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT: %0 = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT: "foo.use"(%0) : (i32) -> ()
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func @pass_through_acyclic(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%a : i32)
^bb2:
  cf.br ^bb3(%b : i32)
^bb3(%x: i32):
  "foo.use"(%x) : (i32) -> ()
  return %x : i32
}

// CHECK-LABEL: func.func @br_pass_through(%arg0: i1, %arg1: i32) -> i32 {
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2(%arg1 : i32)
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "foo.op"() : () -> ()
// CHECK-NEXT: cf.br ^bb2(%arg1 : i32)
// CHECK-NEXT: ^bb2(%0: i32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func @br_pass_through(%c: i1, %a: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb3(%a : i32)
^bb1:
  "foo.op"() : () -> ()
  cf.br ^bb2
^bb2:
  cf.br ^bb3(%a : i32)
^bb3(%x: i32):
  return %x : i32
}
