// RUN: strata-opt --canonicalize %s | FileCheck %s

// Canonicalization of bufferization.dealloc (duplicates, false conditions,
// extract_strided_metadata of an allocation, allocations only deallocated)
// and of bufferization.clone (memref.cast folding, SimplifyClones).

// CHECK-LABEL: func.func @duplicates(%arg0: memref<2xf32>, %arg1: i1, %arg2: i1, %arg3: memref<2xf32>) -> (i1, i1) {
// CHECK-NEXT: %0 = arith.ori %arg1, %arg2 : i1
// CHECK-NEXT: %1 = bufferization.dealloc (%arg0 : memref<2xf32>) if (%0) retain (%arg3 : memref<2xf32>)
// CHECK-NEXT: return %1, %1 : i1, i1
// CHECK-LABEL: func.func @same_condition(%arg0: memref<2xf32>, %arg1: i1) {
// CHECK-NEXT: bufferization.dealloc (%arg0 : memref<2xf32>) if (%arg1)
// CHECK-NEXT: return
// CHECK-LABEL: func.func @always_false(%arg0: memref<2xf32>, %arg1: memref<2xf32>, %arg2: i1) {
// CHECK-NEXT: bufferization.dealloc (%arg0 : memref<2xf32>) if (%arg2)
// CHECK-NEXT: return
// CHECK-LABEL: func.func @empty(%arg0: memref<2xf32>) -> i1 {
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: return %false : i1
// CHECK-LABEL: func.func @metadata_of_alloc(%arg0: i1) -> memref<2xf32> {
// CHECK-NEXT: %alloc = memref.alloc() : memref<2xf32>
// CHECK-NEXT: bufferization.dealloc (%alloc : memref<2xf32>) if (%arg0)
// CHECK-NEXT: return %alloc : memref<2xf32>
// CHECK-LABEL: func.func @unused_alloc(%arg0: memref<2xf32>, %arg1: i1) {
// CHECK-NEXT: bufferization.dealloc (%arg0 : memref<2xf32>) if (%arg1)
// CHECK-NEXT: return
// CHECK-LABEL: func.func @clone_folds_cast(%arg0: memref<2xf32>) -> memref<?xf32> {
// CHECK-NEXT: %0 = bufferization.clone %arg0 : memref<2xf32> to memref<?xf32>
// CHECK-NEXT: return %0 : memref<?xf32>
// CHECK-LABEL: func.func @clone_then_dealloc(%arg0: memref<2xf32>) -> memref<2xf32> {
// CHECK-NEXT: return %arg0 : memref<2xf32>

func.func @duplicates(%m: memref<2xf32>, %c0: i1, %c1: i1, %r: memref<2xf32>) -> (i1, i1) {
  %0:2 = bufferization.dealloc (%m, %m : memref<2xf32>, memref<2xf32>) if (%c0, %c1) retain (%r, %r : memref<2xf32>, memref<2xf32>)
  return %0#0, %0#1 : i1, i1
}

func.func @same_condition(%m: memref<2xf32>, %c0: i1) {
  bufferization.dealloc (%m, %m : memref<2xf32>, memref<2xf32>) if (%c0, %c0)
  return
}

func.func @always_false(%m0: memref<2xf32>, %m1: memref<2xf32>, %c: i1) {
  %false = arith.constant false
  bufferization.dealloc (%m0, %m1 : memref<2xf32>, memref<2xf32>) if (%c, %false)
  return
}

func.func @empty(%r: memref<2xf32>) -> i1 {
  %0 = bufferization.dealloc retain (%r : memref<2xf32>)
  return %0 : i1
}

func.func @metadata_of_alloc(%c: i1) -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  %base, %offset, %size, %stride = memref.extract_strided_metadata %a : memref<2xf32> -> memref<f32>, index, index, index
  bufferization.dealloc (%base : memref<f32>) if (%c)
  return %a : memref<2xf32>
}

func.func @unused_alloc(%m: memref<2xf32>, %c: i1) {
  %a = memref.alloc() : memref<2xf32>
  bufferization.dealloc (%a, %m : memref<2xf32>, memref<2xf32>) if (%c, %c)
  return
}

func.func @clone_folds_cast(%m: memref<2xf32>) -> memref<?xf32> {
  %cast = memref.cast %m : memref<2xf32> to memref<?xf32>
  %0 = bufferization.clone %cast : memref<?xf32> to memref<?xf32>
  return %0 : memref<?xf32>
}

func.func @clone_then_dealloc(%m: memref<2xf32>) -> memref<2xf32> {
  %0 = bufferization.clone %m : memref<2xf32> to memref<2xf32>
  memref.dealloc %m : memref<2xf32>
  return %0 : memref<2xf32>
}
