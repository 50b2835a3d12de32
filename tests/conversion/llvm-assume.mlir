// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt -mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// llvm.intr.assume with and without operand bundles.

// CHECK-LABEL: llvm.func @f
// CHECK: llvm.intr.assume %arg1 : i1
// CHECK: llvm.intr.assume %{{.*}} ["align"(%arg0, %{{.*}} : !llvm.ptr, i64)] : i1
// CHECK: llvm.intr.assume %arg1 ["align"(%arg0, %{{.*}} : !llvm.ptr, i64), "nonnull"(%arg0 : !llvm.ptr)] : i1
// GENERIC: "llvm.intr.assume"(%arg1) <{op_bundle_sizes = array<i32>}> : (i1) -> ()
// GENERIC: <{op_bundle_sizes = array<i32: 2>, op_bundle_tags = ["align"]}> : (i1, !llvm.ptr, i64) -> ()
// GENERIC: <{op_bundle_sizes = array<i32: 2, 1>, op_bundle_tags = ["align", "nonnull"]}>
llvm.func @f(%p: !llvm.ptr, %c: i1) {
  llvm.intr.assume %c : i1
  %t = llvm.mlir.constant(true) : i1
  %a = llvm.mlir.constant(16 : index) : i64
  llvm.intr.assume %t ["align"(%p, %a : !llvm.ptr, i64)] : i1
  llvm.intr.assume %c ["align"(%p, %a : !llvm.ptr, i64), "nonnull"(%p : !llvm.ptr)] : i1
  llvm.return
}
