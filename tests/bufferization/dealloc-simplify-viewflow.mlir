// RUN: strata-opt --buffer-deallocation-simplification %s | FileCheck %s

// buffer-deallocation-simplification traces a buffer through
// arith.select to both selected buffers (the select makes no buffer of
// its own), and through memref.realloc to its source or a new buffer:
// an allocation that no retained buffer may be is deallocated without a
// run-time check, as the loop's first buffer here.

// CHECK-LABEL: func.func @select_in_loop(%arg0: index, %arg1: index, %arg2: index, %arg3: i1, %arg4: memref<2xf32>, %arg5: i1, %arg6: f32) -> (memref<2xf32>, i1) {
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %0:2 = scf.for %arg7 = %arg0 to %arg1 step %arg2 iter_args(%arg8 = %arg4, %arg9 = %arg5) -> (memref<2xf32>, i1) {
// CHECK-NEXT: %alloc = memref.alloc() : memref<2xf32>
// CHECK-NEXT: memref.store %arg6, %alloc[%arg7] : memref<2xf32>
// CHECK-NEXT: %alloc_0 = memref.alloc() : memref<2xf32>
// CHECK-NEXT: memref.copy %alloc, %alloc_0 : memref<2xf32> to memref<2xf32>
// CHECK-NEXT: %1 = arith.select %arg3, %alloc_0, %arg8 : memref<2xf32>
// CHECK-NEXT: %2 = bufferization.dealloc (%arg8 : memref<2xf32>) if (%arg9) retain (%1 : memref<2xf32>)
// CHECK-NEXT: bufferization.dealloc (%alloc : memref<2xf32>) if (%true)
// CHECK-NEXT: %3 = bufferization.dealloc (%alloc_0 : memref<2xf32>) if (%true) retain (%1 : memref<2xf32>)
// CHECK-NEXT: %4 = arith.ori %2, %3 : i1
// CHECK-NEXT: scf.yield %1, %4 : memref<2xf32>, i1
// CHECK-NEXT: }
// CHECK-NEXT: return %0#0, %0#1 : memref<2xf32>, i1
// CHECK-LABEL: func.func @select_of_allocs(%arg0: i1, %arg1: f32, %arg2: index) -> (memref<2xf32>, i1) {
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %alloc = memref.alloc() : memref<2xf32>
// CHECK-NEXT: %alloc_0 = memref.alloc() : memref<2xf32>
// CHECK-NEXT: %alloc_1 = memref.alloc() : memref<2xf32>
// CHECK-NEXT: memref.store %arg1, %alloc_1[%arg2] : memref<2xf32>
// CHECK-NEXT: %0 = arith.select %arg0, %alloc, %alloc_0 : memref<2xf32>
// CHECK-NEXT: %1 = bufferization.dealloc (%alloc : memref<2xf32>) if (%true) retain (%0 : memref<2xf32>)
// CHECK-NEXT: %2 = bufferization.dealloc (%alloc_0 : memref<2xf32>) if (%true) retain (%0 : memref<2xf32>)
// CHECK-NEXT: bufferization.dealloc (%alloc_1 : memref<2xf32>) if (%true)
// CHECK-NEXT: %3 = arith.ori %1, %2 : i1
// CHECK-NEXT: return %0, %3 : memref<2xf32>, i1
// CHECK-LABEL: func.func @realloc(%arg0: index, %arg1: i1, %arg2: f32, %arg3: index) -> (memref<?xf32>, i1) {
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %alloc = memref.alloc() : memref<1xf32>
// CHECK-NEXT: %alloc_0 = memref.alloc() : memref<2xf32>
// CHECK-NEXT: memref.store %arg2, %alloc_0[%arg3] : memref<2xf32>
// CHECK-NEXT: %0 = memref.realloc %alloc(%arg0) : memref<1xf32> to memref<?xf32>
// CHECK-NEXT: bufferization.dealloc (%alloc_0 : memref<2xf32>) if (%true)
// CHECK-NEXT: return %0, %arg1 : memref<?xf32>, i1
// CHECK-NEXT: }

func.func @select_in_loop(%lb: index, %ub: index, %step: index, %c: i1, %init: memref<2xf32>, %own: i1, %f: f32) -> (memref<2xf32>, i1) {
  %true = arith.constant true
  %r:2 = scf.for %i = %lb to %ub step %step iter_args(%it = %init, %o = %own) -> (memref<2xf32>, i1) {
    %a = memref.alloc() : memref<2xf32>
    memref.store %f, %a[%i] : memref<2xf32>
    %b = memref.alloc() : memref<2xf32>
    memref.copy %a, %b : memref<2xf32> to memref<2xf32>
    %s = arith.select %c, %b, %it : memref<2xf32>
    %d = bufferization.dealloc (%it, %a, %b : memref<2xf32>, memref<2xf32>, memref<2xf32>) if (%o, %true, %true) retain (%s : memref<2xf32>)
    scf.yield %s, %d : memref<2xf32>, i1
  }
  return %r#0, %r#1 : memref<2xf32>, i1
}

func.func @select_of_allocs(%c: i1, %f: f32, %i: index) -> (memref<2xf32>, i1) {
  %true = arith.constant true
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %x = memref.alloc() : memref<2xf32>
  memref.store %f, %x[%i] : memref<2xf32>
  %s = arith.select %c, %a, %b : memref<2xf32>
  %d = bufferization.dealloc (%a, %b, %x : memref<2xf32>, memref<2xf32>, memref<2xf32>) if (%true, %true, %true) retain (%s : memref<2xf32>)
  return %s, %d : memref<2xf32>, i1
}

func.func @realloc(%n: index, %c: i1, %f: f32, %i: index) -> (memref<?xf32>, i1) {
  %true = arith.constant true
  %a = memref.alloc() : memref<1xf32>
  %x = memref.alloc() : memref<2xf32>
  memref.store %f, %x[%i] : memref<2xf32>
  %r = memref.realloc %a(%n) : memref<1xf32> to memref<?xf32>
  %d = bufferization.dealloc (%r, %x : memref<?xf32>, memref<2xf32>) if (%c, %true) retain (%r : memref<?xf32>)
  return %r, %d : memref<?xf32>, i1
}
