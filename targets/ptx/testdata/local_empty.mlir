// RUN: strata-translate --mlir-to-ptx --no-line-info %s | FileCheck %s
// An alloca of an empty struct (the arguments of a vprintf without any)
// still has a byte of the .local depot.

// CHECK-LABEL: .visible .func empty(
// CHECK: .local .align 1 .b8 __local_depot0[1];
// CHECK: mov.u64 [[L:%rd[0-9]+]], __local_depot0;
// CHECK-NEXT: cvta.local.u64 {{%rd[0-9]+}}, [[L]];
module {
  llvm.func @empty(%p: !llvm.ptr) {
    %one = llvm.mlir.constant(1 : i64) : i64
    %a = llvm.alloca %one x !llvm.struct<()> : (i64) -> !llvm.ptr
    llvm.store %a, %p : !llvm.ptr, !llvm.ptr
    llvm.return
  }
}
