// RUN: strata-opt --convert-func-to-llvm %s | FileCheck %s

// An unranked memref returned by a function: the callee copies the ranked
// descriptor it points to to the heap, the caller back to the stack and
// frees the heap copy.

// CHECK: llvm.func @free(!llvm.ptr)
// CHECK: llvm.func @malloc(i64) -> !llvm.ptr
// CHECK-LABEL: llvm.func @r
// CHECK: llvm.call @malloc
// CHECK: "llvm.intr.memcpy"
// CHECK-LABEL: llvm.func @c
// CHECK: llvm.alloca %{{.*}} x i8 : (i64) -> !llvm.ptr
// CHECK: llvm.call @free
func.func @r(%u: memref<*xf32>) -> memref<*xf32> {
  return %u : memref<*xf32>
}
func.func @c(%u: memref<*xf32>) -> memref<*xf32> {
  %x = call @r(%u) : (memref<*xf32>) -> memref<*xf32>
  return %x : memref<*xf32>
}
func.func @two(%u: memref<*xf32>, %v: memref<*xi32>, %i: index) -> (memref<*xi32>, index, memref<*xf32>) {
  return %v, %i, %u : memref<*xi32>, index, memref<*xf32>
}
func.func @d(%u: memref<*xf32>, %v: memref<*xi32>, %i: index) -> index {
  %a, %b, %c = call @two(%u, %v, %i) : (memref<*xf32>, memref<*xi32>, index) -> (memref<*xi32>, index, memref<*xf32>)
  return %b : index
}
