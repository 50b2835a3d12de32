// RUN: strata-opt --allow-unregistered-dialect --mlir-print-debuginfo %s | FileCheck %s

// CHECK: "t.a"() : () -> () loc(#[[A:loc[0-9]*]])
"t.a"() : () -> () loc("file.mlir":3:4)
// CHECK: "t.b"() : () -> () loc(#[[B:loc[0-9]*]])
"t.b"() : () -> () loc(callsite("callee" at fused<"meta">["x.mlir":1:2 to 3:4, "y"("z.mlir":5:6 to :9)]))
// CHECK: "t.c"() : () -> () loc(#[[C:loc[0-9]*]])
"t.c"() : () -> () loc(#later)
// CHECK: "t.d"() : () -> () loc(#[[D:loc[0-9]*]])
"t.d"() : () -> () loc(fused[unknown, "only"])
#later = loc("defined after use")
// CHECK-DAG: #[[A]] = loc("file.mlir":3:4)
// CHECK-DAG: #[[C]] = loc("defined after use")
