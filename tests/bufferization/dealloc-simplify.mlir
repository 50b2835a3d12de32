// RUN: strata-opt --buffer-deallocation-simplification %s | FileCheck %s

// buffer-deallocation-simplification: static alias information removes
// buffers that are retained anyway, retained buffers that cannot alias,
// splits deallocs of distinct allocations and drops run-time checks of
// buffers always deallocated.

// CHECK-LABEL: func.func @contained_in_retained(%arg0: i1, %arg1: index) -> (memref<?xf32>, memref<?xf32>, i1, i1) {
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %alloc = memref.alloc(%arg1) : memref<?xf32>
// CHECK-NEXT: %alloc_0 = memref.alloc(%arg1) : memref<?xf32>
// CHECK-NEXT: return %alloc, %alloc_0, %arg0, %false : memref<?xf32>, memref<?xf32>, i1, i1
// CHECK-LABEL: func.func @retained_not_aliasing(%arg0: memref<2xf32>, %arg1: i1) -> i1 {
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: return %false : i1
// CHECK-LABEL: func.func @split(%arg0: memref<2xf32>, %arg1: i1, %arg2: i1, %arg3: i1) -> i1 {
// CHECK-NEXT: return %arg3 : i1
// CHECK-LABEL: func.func @always_deallocated(%arg0: memref<2xf32>, %arg1: memref<2xf32>, %arg2: memref<2xf32>) -> (i1, i1) {
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %0:2 = bufferization.dealloc (%arg2 : memref<2xf32>) if (%true) retain (%arg0, %arg1 : memref<2xf32>, memref<2xf32>)
// CHECK-NEXT: return %true, %true : i1, i1
// CHECK-LABEL: func.func @through_views(%arg0: i1, %arg1: index) -> (memref<2xf32, strided<[1], offset: 1>>, i1) {
// CHECK-NEXT: %alloc = memref.alloc() : memref<4xf32>
// CHECK-NEXT: %subview = memref.subview %alloc[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
// CHECK-NEXT: return %subview, %arg0 : memref<2xf32, strided<[1], offset: 1>>, i1
// CHECK-LABEL: func.func @unknown_aliasing(%arg0: memref<2xf32>, %arg1: memref<2xf32>, %arg2: i1) -> i1 {
// CHECK-NEXT: %0 = bufferization.dealloc (%arg0 : memref<2xf32>) if (%arg2) retain (%arg1 : memref<2xf32>)
// CHECK-NEXT: return %0 : i1
// CHECK-LABEL: func.func @loop_carried(%arg0: index, %arg1: index, %arg2: index, %arg3: i1) -> memref<2xf32> {
// CHECK-NEXT: %alloc = memref.alloc() : memref<2xf32>
// CHECK-NEXT: %0 = scf.for %arg4 = %arg0 to %arg1 step %arg2 iter_args(%arg5 = %alloc) -> (memref<2xf32>) {
// CHECK-NEXT: %alloc_0 = memref.alloc() : memref<2xf32>
// CHECK-NEXT: bufferization.dealloc (%arg5 : memref<2xf32>) if (%arg3)
// CHECK-NEXT: scf.yield %alloc_0 : memref<2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : memref<2xf32>

func.func @contained_in_retained(%c: i1, %n: index) -> (memref<?xf32>, memref<?xf32>, i1, i1) {
  %a = memref.alloc(%n) : memref<?xf32>
  %b = memref.alloc(%n) : memref<?xf32>
  %0:2 = bufferization.dealloc (%a : memref<?xf32>) if (%c) retain (%a, %b : memref<?xf32>, memref<?xf32>)
  return %a, %b, %0#0, %0#1 : memref<?xf32>, memref<?xf32>, i1, i1
}

func.func @retained_not_aliasing(%arg0: memref<2xf32>, %c: i1) -> i1 {
  %a = memref.alloc() : memref<2xf32>
  %0 = bufferization.dealloc (%a : memref<2xf32>) if (%c) retain (%arg0 : memref<2xf32>)
  return %0 : i1
}

func.func @split(%arg0: memref<2xf32>, %c0: i1, %c1: i1, %c2: i1) -> i1 {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %0 = bufferization.dealloc (%a, %b, %arg0 : memref<2xf32>, memref<2xf32>, memref<2xf32>) if (%c0, %c1, %c2) retain (%arg0 : memref<2xf32>)
  return %0 : i1
}

func.func @always_deallocated(%arg0: memref<2xf32>, %arg1: memref<2xf32>, %arg2: memref<2xf32>) -> (i1, i1) {
  %true = arith.constant true
  %0:2 = bufferization.dealloc (%arg0, %arg1, %arg2 : memref<2xf32>, memref<2xf32>, memref<2xf32>) if (%true, %true, %true) retain (%arg0, %arg1 : memref<2xf32>, memref<2xf32>)
  return %0#0, %0#1 : i1, i1
}

func.func @through_views(%c: i1, %n: index) -> (memref<2xf32, strided<[1], offset: 1>>, i1) {
  %a = memref.alloc() : memref<4xf32>
  %v = memref.subview %a[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
  %base, %offset, %size, %stride = memref.extract_strided_metadata %a : memref<4xf32> -> memref<f32>, index, index, index
  %0 = bufferization.dealloc (%base : memref<f32>) if (%c) retain (%v : memref<2xf32, strided<[1], offset: 1>>)
  return %v, %0 : memref<2xf32, strided<[1], offset: 1>>, i1
}

func.func @unknown_aliasing(%arg0: memref<2xf32>, %arg1: memref<2xf32>, %c: i1) -> i1 {
  %0 = bufferization.dealloc (%arg0 : memref<2xf32>) if (%c) retain (%arg1 : memref<2xf32>)
  return %0 : i1
}

func.func @loop_carried(%lb: index, %ub: index, %s: index, %c: i1) -> memref<2xf32> {
  %init = memref.alloc() : memref<2xf32>
  %r = scf.for %i = %lb to %ub step %s iter_args(%it = %init) -> memref<2xf32> {
    %a = memref.alloc() : memref<2xf32>
    %0 = bufferization.dealloc (%it : memref<2xf32>) if (%c) retain (%a : memref<2xf32>)
    scf.yield %a : memref<2xf32>
  }
  return %r : memref<2xf32>
}
