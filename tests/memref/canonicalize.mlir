// RUN: strata-opt --allow-unregistered-dialect --canonicalize %s | FileCheck %s

// Folders and canonicalization patterns of the memref dialect: dim of
// alloc and of subview, constant sizes of alloc and subview, dead
// allocations, casts folded into their users, trivial subviews,
// collapse/expand pairs and compositions, rank and self copies.

// CHECK-LABEL: func.func @dim_of_alloc(%arg0: index) -> (index, index) {
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %alloc = memref.alloc(%arg0) : memref<4x?xf32>
// CHECK-NEXT: "test.use"(%alloc) : (memref<4x?xf32>) -> ()
// CHECK-NEXT: return %c4, %arg0 : index, index
func.func @dim_of_alloc(%n: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc(%n) : memref<4x?xf32>
  %d0 = memref.dim %a, %c0 : memref<4x?xf32>
  %d1 = memref.dim %a, %c1 : memref<4x?xf32>
  "test.use"(%a) : (memref<4x?xf32>) -> ()
  return %d0, %d1 : index, index
}

// CHECK-LABEL: func.func @alloc_const() -> memref<?x4xf32> {
// CHECK-NEXT: %alloc = memref.alloc() : memref<8x4xf32>
// CHECK-NEXT: %cast = memref.cast %alloc : memref<8x4xf32> to memref<?x4xf32>
// CHECK-NEXT: return %cast : memref<?x4xf32>
func.func @alloc_const() -> memref<?x4xf32> {
  %c8 = arith.constant 8 : index
  %a = memref.alloc(%c8) : memref<?x4xf32>
  return %a : memref<?x4xf32>
}

// CHECK-LABEL: func.func @dead_alloc(%arg0: f32, %arg1: index) {
// CHECK-NEXT: return
func.func @dead_alloc(%v: f32, %i: index) {
  %a = memref.alloc() : memref<4xf32>
  memref.store %v, %a[%i] : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  return
}

// CHECK-LABEL: func.func @cast_of_cast(%arg0: memref<4xf32>) -> memref<*xf32> {
// CHECK-NEXT: %cast = memref.cast %arg0 : memref<4xf32> to memref<*xf32>
// CHECK-NEXT: return %cast : memref<*xf32>
func.func @cast_of_cast(%m: memref<4xf32>) -> memref<*xf32> {
  %0 = memref.cast %m : memref<4xf32> to memref<?xf32>
  %1 = memref.cast %0 : memref<?xf32> to memref<*xf32>
  return %1 : memref<*xf32>
}

// CHECK-LABEL: func.func @identity_cast(%arg0: memref<4xf32>) -> memref<4xf32> {
// CHECK-NEXT: return %arg0 : memref<4xf32>
func.func @identity_cast(%m: memref<4xf32>) -> memref<4xf32> {
  %0 = memref.cast %m : memref<4xf32> to memref<4xf32>
  return %0 : memref<4xf32>
}

// CHECK-LABEL: func.func @load_of_cast(%arg0: memref<4xf32>, %arg1: index) -> f32 {
// CHECK-NEXT: %0 = memref.load %arg0[%arg1] : memref<4xf32>
// CHECK-NEXT: return %0 : f32
func.func @load_of_cast(%m: memref<4xf32>, %i: index) -> f32 {
  %0 = memref.cast %m : memref<4xf32> to memref<?xf32>
  %1 = memref.load %0[%i] : memref<?xf32>
  return %1 : f32
}

// CHECK-LABEL: func.func @store_of_cast(%arg0: memref<4xf32>, %arg1: index, %arg2: f32) {
// CHECK-NEXT: memref.store %arg2, %arg0[%arg1] : memref<4xf32>
// CHECK-NEXT: return
func.func @store_of_cast(%m: memref<4xf32>, %i: index, %v: f32) {
  %0 = memref.cast %m : memref<4xf32> to memref<?xf32>
  memref.store %v, %0[%i] : memref<?xf32>
  return
}

// CHECK-LABEL: func.func @subview_const(%arg0: memref<8x8xf32>) -> memref<?x?xf32, strided<[8, 1], offset: ?>> {
// CHECK-NEXT: %subview = memref.subview %arg0[2, 0] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1], offset: 16>>
// CHECK-NEXT: %cast = memref.cast %subview : memref<4x4xf32, strided<[8, 1], offset: 16>> to memref<?x?xf32, strided<[8, 1], offset: ?>>
// CHECK-NEXT: return %cast : memref<?x?xf32, strided<[8, 1], offset: ?>>
func.func @subview_const(%m: memref<8x8xf32>) -> memref<?x?xf32, strided<[8, 1], offset: ?>> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %0 = memref.subview %m[%c2, %c0] [%c4, %c4] [1, 1] : memref<8x8xf32> to memref<?x?xf32, strided<[8, 1], offset: ?>>
  return %0 : memref<?x?xf32, strided<[8, 1], offset: ?>>
}

// CHECK-LABEL: func.func @subview_trivial(%arg0: memref<8x8xf32>) -> memref<8x8xf32, strided<[8, 1]>> {
// CHECK-NEXT: %cast = memref.cast %arg0 : memref<8x8xf32> to memref<8x8xf32, strided<[8, 1]>>
// CHECK-NEXT: return %cast : memref<8x8xf32, strided<[8, 1]>>
func.func @subview_trivial(%m: memref<8x8xf32>) -> memref<8x8xf32, strided<[8, 1]>> {
  %0 = memref.subview %m[0, 0] [8, 8] [1, 1] : memref<8x8xf32> to memref<8x8xf32, strided<[8, 1]>>
  return %0 : memref<8x8xf32, strided<[8, 1]>>
}

// CHECK-LABEL: func.func @subview_of_cast(%arg0: memref<8x8xf32>) -> memref<2x2xf32, strided<[?, ?], offset: ?>> {
// CHECK-NEXT: %subview = memref.subview %arg0[1, 1] [2, 2] [1, 1] : memref<8x8xf32> to memref<2x2xf32, strided<[8, 1], offset: 9>>
// CHECK-NEXT: %cast = memref.cast %subview : memref<2x2xf32, strided<[8, 1], offset: 9>> to memref<2x2xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: return %cast : memref<2x2xf32, strided<[?, ?], offset: ?>>
func.func @subview_of_cast(%m: memref<8x8xf32>) -> memref<2x2xf32, strided<[?, ?], offset: ?>> {
  %0 = memref.cast %m : memref<8x8xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  %1 = memref.subview %0[1, 1] [2, 2] [1, 1] : memref<?x?xf32, strided<[?, ?], offset: ?>> to memref<2x2xf32, strided<[?, ?], offset: ?>>
  return %1 : memref<2x2xf32, strided<[?, ?], offset: ?>>
}

// CHECK-LABEL: func.func @collapse_expand(%arg0: memref<3x4xf32>) -> memref<3x4xf32> {
// CHECK-NEXT: return %arg0 : memref<3x4xf32>
func.func @collapse_expand(%m: memref<3x4xf32>) -> memref<3x4xf32> {
  %0 = memref.collapse_shape %m [[0, 1]] : memref<3x4xf32> into memref<12xf32>
  %1 = memref.expand_shape %0 [[0, 1]] output_shape [3, 4] : memref<12xf32> into memref<3x4xf32>
  return %1 : memref<3x4xf32>
}

// CHECK-LABEL: func.func @collapse_collapse(%arg0: memref<2x3x4xf32>) -> memref<24xf32> {
// CHECK-NEXT: %collapse_shape = memref.collapse_shape %arg0 {{\[\[}}0, 1, 2]] : memref<2x3x4xf32> into memref<24xf32>
// CHECK-NEXT: return %collapse_shape : memref<24xf32>
func.func @collapse_collapse(%m: memref<2x3x4xf32>) -> memref<24xf32> {
  %0 = memref.collapse_shape %m [[0, 1], [2]] : memref<2x3x4xf32> into memref<6x4xf32>
  %1 = memref.collapse_shape %0 [[0, 1]] : memref<6x4xf32> into memref<24xf32>
  return %1 : memref<24xf32>
}

// CHECK-LABEL: func.func @expand_expand(%arg0: memref<24xf32>) -> memref<2x3x4xf32> {
// CHECK-NEXT: %expand_shape = memref.expand_shape %arg0 {{\[\[}}0, 1, 2]] output_shape [2, 3, 4] : memref<24xf32> into memref<2x3x4xf32>
// CHECK-NEXT: return %expand_shape : memref<2x3x4xf32>
func.func @expand_expand(%m: memref<24xf32>) -> memref<2x3x4xf32> {
  %0 = memref.expand_shape %m [[0, 1]] output_shape [6, 4] : memref<24xf32> into memref<6x4xf32>
  %1 = memref.expand_shape %0 [[0, 1], [2]] output_shape [2, 3, 4] : memref<6x4xf32> into memref<2x3x4xf32>
  return %1 : memref<2x3x4xf32>
}

// CHECK-LABEL: func.func @rank(%arg0: memref<2x3xf32>) -> index {
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: return %c2 : index
func.func @rank(%m: memref<2x3xf32>) -> index {
  %0 = memref.rank %m : memref<2x3xf32>
  return %0 : index
}

// CHECK-LABEL: func.func @self_copy(%arg0: memref<4xf32>) {
// CHECK-NEXT: return
func.func @self_copy(%m: memref<4xf32>) {
  memref.copy %m, %m : memref<4xf32> to memref<4xf32>
  return
}

// CHECK-LABEL: func.func @copy_of_cast(%arg0: memref<4xf32>, %arg1: memref<4xf32>) {
// CHECK-NEXT: memref.copy %arg0, %arg1 : memref<4xf32> to memref<4xf32>
// CHECK-NEXT: return
func.func @copy_of_cast(%m: memref<4xf32>, %n: memref<4xf32>) {
  %0 = memref.cast %m : memref<4xf32> to memref<?xf32>
  memref.copy %0, %n : memref<?xf32> to memref<4xf32>
  return
}

// CHECK-LABEL: func.func @dim_of_subview(%arg0: memref<8x8xf32>, %arg1: index) -> index {
// CHECK-NEXT: return %arg1 : index
func.func @dim_of_subview(%m: memref<8x8xf32>, %s: index) -> index {
  %c1 = arith.constant 1 : index
  %0 = memref.subview %m[0, 0] [4, %s] [1, 1] : memref<8x8xf32> to memref<4x?xf32, strided<[8, 1]>>
  %1 = memref.dim %0, %c1 : memref<4x?xf32, strided<[8, 1]>>
  return %1 : index
}
