// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// llvm.fence with its ordering and synchronization scope, and MMRA tags
// (printed through their #mmra_tag aliases).

// CHECK: #mmra_tag = #llvm.mmra_tag<"amdgpu-synchronize-as":"local">
// CHECK: #mmra_tag1 = #llvm.mmra_tag<"a":"b">
// CHECK: llvm.fence acquire
// CHECK: llvm.fence syncscope("agent") seq_cst
// CHECK: llvm.fence syncscope("workgroup") release {llvm.mmra = #mmra_tag}
// CHECK: llvm.fence syncscope("workgroup") acq_rel {llvm.mmra = #mmra_tag1}
// GENERIC: "llvm.fence"() <{ordering = 4 : i64}> : () -> ()
// GENERIC: "llvm.fence"() <{ordering = 7 : i64, syncscope = "agent"}> : () -> ()
func.func @fences() {
  llvm.fence acquire
  llvm.fence syncscope("agent") seq_cst
  llvm.fence syncscope("workgroup") release {llvm.mmra = #llvm.mmra_tag<"amdgpu-synchronize-as":"local">}
  llvm.fence syncscope("workgroup") acq_rel {llvm.mmra = #llvm.mmra_tag<"a":"b">}
  return
}
