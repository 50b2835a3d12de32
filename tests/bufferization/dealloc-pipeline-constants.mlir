// RUN: strata-opt -buffer-deallocation-pipeline %s | FileCheck %s

// The ownership of a buffer allocated in one branch of an affine.if is
// `true` there; the simplification folds `arith.ori %updated, %true` of
// the removed self-retaining dealloc to a new `true` constant, which the
// greedy driver hoists in front of the `false` one.

// CHECK-LABEL: func.func @if_alloc(%arg0: index, %arg1: memref<10xf32>) -> memref<10xf32> {
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %0:2 = affine.if #set()[%arg0] -> (memref<10xf32>, i1) {
// CHECK-NEXT: %alloc = memref.alloc() : memref<10xf32>
// CHECK-NEXT: affine.yield %alloc, %true : memref<10xf32>, i1
// CHECK-NEXT: } else {
// CHECK-NEXT: affine.yield %arg1, %false : memref<10xf32>, i1
// CHECK-NEXT: }
// CHECK: scf.if %3 {
// CHECK-NEXT: memref.dealloc %base_buffer : memref<f32>
// CHECK-NEXT: }
// CHECK-NEXT: return %1 : memref<10xf32>

#set = affine_set<(d0) : (d0 - 4 >= 0)>
func.func @if_alloc(%i: index, %arg0: memref<10xf32>) -> memref<10xf32> {
  %0 = affine.if #set(%i) -> memref<10xf32> {
    %alloc = memref.alloc() : memref<10xf32>
    affine.yield %alloc : memref<10xf32>
  } else {
    affine.yield %arg0 : memref<10xf32>
  }
  return %0 : memref<10xf32>
}
