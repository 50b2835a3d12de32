// RUN: strata-opt -ownership-based-buffer-deallocation -buffer-deallocation-simplification %s | FileCheck %s

// buffer-deallocation-simplification runs the greedy driver bottom-up, as
// upstream. Seeding its worklist deduplicates the constants the ownership
// pass left in the function: the users of a duplicate are listed when it
// is replaced, ahead of the operations after it, so they are rewritten
// last, and the constants the function keeps stay in their first order.

// CHECK-LABEL: func.func @inverted_critical_edge
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %[[A:.*]] = memref.alloc() : memref<2xf32>
// CHECK: %[[C:.*]] = arith.xori %arg0, %true : i1
// CHECK-NEXT: bufferization.dealloc (%[[A]] : memref<2xf32>) if (%[[C]])
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2(%arg1, %false : memref<2xf32>, i1)
func.func @inverted_critical_edge(%arg0: i1, %arg1: memref<2xf32>, %arg2: memref<2xf32>) {
  %0 = memref.alloc() : memref<2xf32>
  memref.copy %arg1, %0 : memref<2xf32> to memref<2xf32>
  cf.cond_br %arg0, ^bb1, ^bb2(%arg1 : memref<2xf32>)
^bb1:
  cf.br ^bb2(%0 : memref<2xf32>)
^bb2(%1: memref<2xf32>):
  memref.copy %1, %arg2 : memref<2xf32> to memref<2xf32>
  return
}
