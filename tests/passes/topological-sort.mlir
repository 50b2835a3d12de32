// RUN: strata-opt --allow-unregistered-dialect --topological-sort %s | FileCheck %s

// The body of builtin.module is a graph region: uses may come first.
// CHECK: %[[A:.*]] = "t.a"() : () -> i32
// CHECK-NEXT: %[[B:.*]] = "t.b"(%[[A]]) : (i32) -> i32
// CHECK-NEXT: "t.c"(%[[B]]) : (i32) -> ()
"t.c"(%b) : (i32) -> ()
%b = "t.b"(%a) : (i32) -> i32
%a = "t.a"() : () -> i32
