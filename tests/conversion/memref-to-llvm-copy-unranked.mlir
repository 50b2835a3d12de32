// RUN: strata-opt --finalize-memref-to-llvm %s | FileCheck %s

// Copies with unranked operands call memrefCopy with their descriptors.

// CHECK: llvm.func @memrefCopy(i64, !llvm.ptr, !llvm.ptr)
// CHECK-LABEL: func.func @c
// CHECK: llvm.intr.stacksave
// CHECK: llvm.call @memrefCopy
// CHECK: llvm.intr.stackrestore
func.func @c(%u: memref<*xf32>, %a: memref<2x3xf32>, %w: memref<*xf32>) {
  memref.copy %u, %a : memref<*xf32> to memref<2x3xf32>
  memref.copy %a, %w : memref<2x3xf32> to memref<*xf32>
  memref.copy %u, %w : memref<*xf32> to memref<*xf32>
  return
}
