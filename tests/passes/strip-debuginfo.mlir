// RUN: strata-opt --allow-unregistered-dialect --strip-debuginfo --mlir-print-debuginfo %s | FileCheck %s

// CHECK: #loc = loc(unknown)
// CHECK: func.func @f(%arg0: i32 loc(unknown)) {
// CHECK-NEXT: "t.op"(%arg0) : (i32) -> () loc(#loc)
func.func @f(%a: i32 loc("args.mlir":1:2)) {
  "t.op"(%a) : (i32) -> () loc(fused["x.mlir":1:1, "y"])
  return
}
