// RUN: strata-opt --allow-unregistered-dialect --mlir-print-op-generic %s | FileCheck %s

// Blocks, successors, predecessor comments, multi-result ops and nested
// regions with the numbering MLIR uses in generic form.
// CHECK-LABEL: "t.func"() ({
// CHECK-NEXT:  ^bb0(%arg0: i32):
// CHECK-NEXT:    %[[P:[0-9]+]]:2 = "t.pair"(%arg0) : (i32) -> (i32, i32)
// CHECK-NEXT:    "t.cond_br"(%[[P]]#1)[^bb1, ^bb2] : (i32) -> ()
// CHECK-NEXT:  ^bb1:  // pred: ^bb0
// CHECK-NEXT:    "t.br"(%[[P]]#0)[^bb3] : (i32) -> ()
// CHECK-NEXT:  ^bb2:  // pred: ^bb0
// CHECK-NEXT:    "t.br"(%arg0)[^bb3] : (i32) -> ()
// CHECK-NEXT:  ^bb3(%[[J:[0-9]+]]: i32):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT:    "t.return"(%[[J]]) : (i32) -> ()
// CHECK-NEXT:  ^bb4:  // no predecessors
// CHECK-NEXT:    "t.return"(%arg0) : (i32) -> ()
// CHECK-NEXT:  }) : () -> ()
"t.func"() ({
^entry(%a: i32):
  %p:2 = "t.pair"(%a) : (i32) -> (i32, i32)
  "t.cond_br"(%p#1)[^left, ^right] : (i32) -> ()
^left:
  "t.br"(%p#0)[^join] : (i32) -> ()
^right:
  "t.br"(%a)[^join] : (i32) -> ()
^join(%j: i32):
  "t.return"(%j) : (i32) -> ()
^dead:
  "t.return"(%a) : (i32) -> ()
}) : () -> ()

// Empty regions and empty entry blocks.
// CHECK: "t.empty"() ({
// CHECK-NEXT: }, {
// CHECK-NEXT: ^bb0:
// CHECK-NEXT: }) : () -> ()
"t.empty"() ({}, {^bb0:}) : () -> ()

// Forward references in a graph-like region of an unregistered op.
// CHECK: "t.graph"() ({
// CHECK-NEXT: %{{[0-9]+}} = "t.use"(%{{[0-9]+}}) : (i64) -> i64
"t.graph"() ({
  %x = "t.use"(%y) : (i64) -> i64
  %y = "t.def"() : () -> i64
}) : () -> ()
