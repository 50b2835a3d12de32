// RUN: strata-opt --allow-unregistered-dialect --split-input-file --mlir-print-debuginfo %s | FileCheck %s

// CHECK: "t.first"() : () -> () loc(#loc1)
"t.first"() : () -> ()

// -----

// CHECK: // {{-}}----
// CHECK: "t.second"() : () -> () loc(#loc1)
// CHECK: #loc = loc("{{.*}}split.mlir":6:9)
"t.second"() : () -> ()
