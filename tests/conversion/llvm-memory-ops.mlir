// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// The llvm operations the memref lowering emits, printed as mlir-opt-22
// prints them.

// CHECK: llvm.atomicrmw fadd %arg0, %arg1 acq_rel : !llvm.ptr, f32
// CHECK: llvm.atomicrmw volatile _and %arg0, %arg2 syncscope("agent") seq_cst {alignment = 4 : i64} : !llvm.ptr, i32
// CHECK: "llvm.intr.memcpy"(%arg0, %arg3, %arg4) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
// CHECK: llvm.intr.stacksave : !llvm.ptr
// GENERIC: "llvm.atomicrmw"(%arg0, %arg1) <{bin_op = 11 : i64, ordering = 6 : i64}> : (!llvm.ptr, f32) -> f32
llvm.func @f(%p: !llvm.ptr, %v: f32, %w: i32, %q: !llvm.ptr, %n: i64) -> i32 {
  %a = llvm.atomicrmw fadd %p, %v acq_rel : !llvm.ptr, f32
  %b = llvm.atomicrmw volatile _and %p, %w syncscope("agent") seq_cst {alignment = 4 : i64} : !llvm.ptr, i32
  %c = llvm.atomicrmw max %p, %w monotonic : !llvm.ptr, i32
  "llvm.intr.memcpy"(%p, %q, %n) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
  "llvm.intr.memmove"(%p, %q, %n) <{isVolatile = true}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
  %s = llvm.intr.stacksave : !llvm.ptr
  llvm.intr.stackrestore %s : !llvm.ptr
  llvm.return %c : i32
}
