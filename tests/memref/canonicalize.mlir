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

// reinterpret_cast and extract_strided_metadata folders and patterns, and
// dma_wait, whose effects are unknown.

// CHECK-LABEL: func.func @reinterpret_constants(%arg0: memref<?xf32>) -> memref<10x?xf32, strided<[?, 1], offset: ?>> {
// CHECK-NEXT: %reinterpret_cast = memref.reinterpret_cast %arg0 to offset: [0], sizes: [10, 10], strides: [10, 1] : memref<?xf32> to memref<10x10xf32, strided<[10, 1]>>
// CHECK-NEXT: %cast = memref.cast %reinterpret_cast : memref<10x10xf32, strided<[10, 1]>> to memref<10x?xf32, strided<[?, 1], offset: ?>>
// CHECK-NEXT: return %cast : memref<10x?xf32, strided<[?, 1], offset: ?>>
// CHECK-NEXT: }
func.func @reinterpret_constants(%m: memref<?xf32>) -> memref<10x?xf32, strided<[?, 1], offset: ?>> {
  %c0 = arith.constant 0 : index
  %c10 = arith.constant 10 : index
  %r = memref.reinterpret_cast %m to offset: [%c0], sizes: [10, %c10], strides: [%c10, 1] : memref<?xf32> to memref<10x?xf32, strided<[?, 1], offset: ?>>
  return %r : memref<10x?xf32, strided<[?, 1], offset: ?>>
}

// CHECK-LABEL: func.func @reinterpret_of_metadata(%arg0: memref<10x?xf32>) -> memref<?x?xf32, strided<[?, ?], offset: ?>> {
// CHECK-NEXT: %cast = memref.cast %arg0 : memref<10x?xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: return %cast : memref<?x?xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: }
func.func @reinterpret_of_metadata(%m: memref<10x?xf32>) -> memref<?x?xf32, strided<[?, ?], offset: ?>> {
  %base, %off, %sizes:2, %strides:2 = memref.extract_strided_metadata %m : memref<10x?xf32> -> memref<f32>, index, index, index, index, index
  %r = memref.reinterpret_cast %base to offset: [%off], sizes: [%sizes#0, %sizes#1], strides: [%strides#0, %strides#1] : memref<f32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  return %r : memref<?x?xf32, strided<[?, ?], offset: ?>>
}

// CHECK-LABEL: func.func @reinterpret_of_metadata_changed(%arg0: memref<?x?xf32>, %arg1: index) -> memref<?x?xf32, strided<[?, ?], offset: ?>> {
// CHECK-NEXT: %base_buffer, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %arg0 : memref<?x?xf32> -> memref<f32>, index, index, index, index, index
// CHECK-NEXT: %reinterpret_cast = memref.reinterpret_cast %arg0 to offset: [0], sizes: [%arg1, %sizes#1], strides: [%strides#0, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1]>>
// CHECK-NEXT: %cast = memref.cast %reinterpret_cast : memref<?x?xf32, strided<[?, 1]>> to memref<?x?xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: return %cast : memref<?x?xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: }
func.func @reinterpret_of_metadata_changed(%m: memref<?x?xf32>, %n: index) -> memref<?x?xf32, strided<[?, ?], offset: ?>> {
  %base, %off, %sizes:2, %strides:2 = memref.extract_strided_metadata %m : memref<?x?xf32> -> memref<f32>, index, index, index, index, index
  %r = memref.reinterpret_cast %base to offset: [%off], sizes: [%n, %sizes#1], strides: [%strides#0, %strides#1] : memref<f32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  return %r : memref<?x?xf32, strided<[?, ?], offset: ?>>
}

// CHECK-LABEL: func.func @metadata_constants(%arg0: memref<4x?xf32, strided<[?, 1], offset: 8>>) -> (index, index, index, index, index) {
// CHECK-NEXT: %c8 = arith.constant 8 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %base_buffer, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %arg0 : memref<4x?xf32, strided<[?, 1], offset: 8>> -> memref<f32>, index, index, index, index, index
// CHECK-NEXT: return %c8, %c4, %sizes#1, %strides#0, %c1 : index, index, index, index, index
// CHECK-NEXT: }
func.func @metadata_constants(%m: memref<4x?xf32, strided<[?, 1], offset: 8>>) -> (index, index, index, index, index) {
  %base, %off, %sizes:2, %strides:2 = memref.extract_strided_metadata %m : memref<4x?xf32, strided<[?, 1], offset: 8>> -> memref<f32>, index, index, index, index, index
  return %off, %sizes#0, %sizes#1, %strides#0, %strides#1 : index, index, index, index, index
}

// CHECK-LABEL: func.func @metadata_of_cast(%arg0: memref<4x4xf32>) -> (memref<f32>, index) {
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %base_buffer, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %arg0 : memref<4x4xf32> -> memref<f32>, index, index, index, index, index
// CHECK-NEXT: return %base_buffer, %c4 : memref<f32>, index
// CHECK-NEXT: }
func.func @metadata_of_cast(%m: memref<4x4xf32>) -> (memref<f32>, index) {
  %c = memref.cast %m : memref<4x4xf32> to memref<?x?xf32>
  %base, %off, %sizes:2, %strides:2 = memref.extract_strided_metadata %c : memref<?x?xf32> -> memref<f32>, index, index, index, index, index
  return %base, %sizes#1 : memref<f32>, index
}

// CHECK-LABEL: func.func @reinterpret_chain(%arg0: memref<16xf32>) -> memref<4x4xf32> {
// CHECK-NEXT: %reinterpret_cast = memref.reinterpret_cast %arg0 to offset: [0], sizes: [4, 4], strides: [4, 1] : memref<16xf32> to memref<4x4xf32>
// CHECK-NEXT: return %reinterpret_cast : memref<4x4xf32>
// CHECK-NEXT: }
func.func @reinterpret_chain(%m: memref<16xf32>) -> memref<4x4xf32> {
  %a = memref.reinterpret_cast %m to offset: [0], sizes: [2, 8], strides: [8, 1] : memref<16xf32> to memref<2x8xf32>
  %b = memref.reinterpret_cast %a to offset: [0], sizes: [4, 4], strides: [4, 1] : memref<2x8xf32> to memref<4x4xf32>
  return %b : memref<4x4xf32>
}

// CHECK-LABEL: func.func @reinterpret_of_cast_noop(%arg0: memref<4x4xf32>) -> memref<4x4xf32> {
// CHECK-NEXT: return %arg0 : memref<4x4xf32>
// CHECK-NEXT: }
func.func @reinterpret_of_cast_noop(%m: memref<4x4xf32>) -> memref<4x4xf32> {
  %c = memref.cast %m : memref<4x4xf32> to memref<?x?xf32>
  %b = memref.reinterpret_cast %c to offset: [0], sizes: [4, 4], strides: [4, 1] : memref<?x?xf32> to memref<4x4xf32>
  return %b : memref<4x4xf32>
}

// CHECK-LABEL: func.func @reinterpret_of_subview(%arg0: memref<8x8xf32>) -> memref<16xf32, strided<[1]>> {
// CHECK-NEXT: %reinterpret_cast = memref.reinterpret_cast %arg0 to offset: [0], sizes: [16], strides: [1] : memref<8x8xf32> to memref<16xf32, strided<[1]>>
// CHECK-NEXT: return %reinterpret_cast : memref<16xf32, strided<[1]>>
// CHECK-NEXT: }
func.func @reinterpret_of_subview(%m: memref<8x8xf32>) -> memref<16xf32, strided<[1]>> {
  %s = memref.subview %m[0, 0] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1]>>
  %b = memref.reinterpret_cast %s to offset: [0], sizes: [16], strides: [1] : memref<4x4xf32, strided<[8, 1]>> to memref<16xf32, strided<[1]>>
  return %b : memref<16xf32, strided<[1]>>
}

// CHECK-LABEL: func.func @dma_wait_kept(%arg0: memref<1xi32>, %arg1: index) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: memref.dma_wait %arg0[%c0], %arg1 : memref<1xi32>
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @dma_wait_kept(%tag: memref<1xi32>, %n: index) {
  %c0 = arith.constant 0 : index
  memref.dma_wait %tag[%c0], %n : memref<1xi32>
  return
}

// dim of memref.reshape reads the shape operand.

// CHECK-LABEL: func.func @dim_of_reshape(%arg0: memref<*xf32>, %arg1: memref<?xindex>) -> index {
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %0 = memref.load %arg1[%c3] : memref<?xindex>
// CHECK-NEXT: return %0 : index
// CHECK-NEXT: }
func.func @dim_of_reshape(%m: memref<*xf32>, %s: memref<?xindex>) -> index {
  %c3 = arith.constant 3 : index
  %r = memref.reshape %m(%s) : (memref<*xf32>, memref<?xindex>) -> memref<*xf32>
  %d = memref.dim %r, %c3 : memref<*xf32>
  return %d : index
}
// CHECK-LABEL: func.func @dim_of_reshape_i32(%arg0: memref<*xf32>, %arg1: memref<?xi32>) -> index {
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %reshape = memref.reshape %arg0(%arg1) : (memref<*xf32>, memref<?xi32>) -> memref<*xf32>
// CHECK-NEXT: %0 = memref.load %arg1[%c3] : memref<?xi32>
// CHECK-NEXT: %1 = arith.index_cast %0 : i32 to index
// CHECK-NEXT: "foo.use"(%reshape) : (memref<*xf32>) -> ()
// CHECK-NEXT: return %1 : index
// CHECK-NEXT: }
func.func @dim_of_reshape_i32(%m: memref<*xf32>, %s: memref<?xi32>) -> index {
  %c3 = arith.constant 3 : index
  %r = memref.reshape %m(%s) : (memref<*xf32>, memref<?xi32>) -> memref<*xf32>
  "foo.use"(%r) : (memref<*xf32>) -> ()
  %d = memref.dim %r, %c3 : memref<*xf32>
  return %d : index
}
// CHECK-LABEL: func.func @dim_of_reshape_late(%arg0: memref<*xf32>, %arg1: memref<?xindex>, %arg2: index) -> index {
// CHECK-NEXT: %reshape = memref.reshape %arg0(%arg1) : (memref<*xf32>, memref<?xindex>) -> memref<*xf32>
// CHECK-NEXT: %0 = arith.addi %arg2, %arg2 : index
// CHECK-NEXT: %dim = memref.dim %reshape, %0 : memref<*xf32>
// CHECK-NEXT: return %dim : index
// CHECK-NEXT: }
func.func @dim_of_reshape_late(%m: memref<*xf32>, %s: memref<?xindex>, %i: index) -> index {
  %r = memref.reshape %m(%s) : (memref<*xf32>, memref<?xindex>) -> memref<*xf32>
  %j = arith.addi %i, %i : index
  %d = memref.dim %r, %j : memref<*xf32>
  return %d : index
}
// CHECK-LABEL: func.func @dim_of_reshape_region(%arg0: memref<*xf32>, %arg1: memref<?xindex>, %arg2: index, %arg3: i1) -> index {
// CHECK-NEXT: %0 = memref.load %arg1[%arg2] : memref<?xindex>
// CHECK-NEXT: %1 = arith.select %arg3, %0, %arg2 : index
// CHECK-NEXT: return %1 : index
// CHECK-NEXT: }
func.func @dim_of_reshape_region(%m: memref<*xf32>, %s: memref<?xindex>, %i: index, %c: i1) -> index {
  %r = memref.reshape %m(%s) : (memref<*xf32>, memref<?xindex>) -> memref<*xf32>
  %d = scf.if %c -> index {
    %x = memref.dim %r, %i : memref<*xf32>
    scf.yield %x : index
  } else {
    scf.yield %i : index
  }
  return %d : index
}

// alloca_scope inlined when it cannot extend an allocation's lifetime,
// and its allocations hoisted into the enclosing allocation scope.

// CHECK-LABEL: func.func @inline_scope(%arg0: index) -> index {
// CHECK-NEXT: %0 = arith.addi %arg0, %arg0 : index
// CHECK-NEXT: return %0 : index
// CHECK-NEXT: }
func.func @inline_scope(%n: index) -> index {
  %r = memref.alloca_scope -> index {
    %x = arith.addi %n, %n : index
    memref.alloca_scope.return %x : index
  }
  return %r : index
}
// CHECK-LABEL: func.func @scope_with_alloca(%arg0: index) {
// CHECK-NEXT: %alloca = memref.alloca() : memref<4xf32>
// CHECK-NEXT: "foo.use"(%alloca) : (memref<4xf32>) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @scope_with_alloca(%n: index) {
  memref.alloca_scope {
    %a = memref.alloca() : memref<4xf32>
    "foo.use"(%a) : (memref<4xf32>) -> ()
  }
  return
}
// CHECK-LABEL: func.func @scope_in_loop(%arg0: index) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: scf.for %arg1 = %c0 to %arg0 step %c1 {
// CHECK-NEXT: %alloca = memref.alloca() : memref<4xf32>
// CHECK-NEXT: "foo.use"(%alloca) : (memref<4xf32>) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @scope_in_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    memref.alloca_scope {
      %a = memref.alloca() : memref<4xf32>
      "foo.use"(%a) : (memref<4xf32>) -> ()
    }
  }
  return
}
// CHECK-LABEL: func.func @scope_in_loop_dyn(%arg0: index) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: scf.for %arg1 = %c0 to %arg0 step %c1 {
// CHECK-NEXT: %alloca = memref.alloca(%arg1) : memref<?xf32>
// CHECK-NEXT: "foo.use"(%alloca) : (memref<?xf32>) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @scope_in_loop_dyn(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    memref.alloca_scope {
      %a = memref.alloca(%i) : memref<?xf32>
      "foo.use"(%a) : (memref<?xf32>) -> ()
    }
  }
  return
}
// CHECK-LABEL: func.func @hoist_from_if(%arg0: i1) {
// CHECK-NEXT: %alloca = memref.alloca() : memref<4xf32>
// CHECK-NEXT: scf.if %arg0 {
// CHECK-NEXT: memref.alloca_scope  {
// CHECK-NEXT: "foo.use"(%alloca) : (memref<4xf32>) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @hoist_from_if(%c: i1) {
  scf.if %c {
    memref.alloca_scope {
      %a = memref.alloca() : memref<4xf32>
      "foo.use"(%a) : (memref<4xf32>) -> ()
    }
  }
  return
}
// CHECK-LABEL: func.func @no_hoist_dynamic(%arg0: i1, %arg1: index) {
// CHECK-NEXT: scf.if %arg0 {
// CHECK-NEXT: %0 = arith.addi %arg1, %arg1 : index
// CHECK-NEXT: memref.alloca_scope  {
// CHECK-NEXT: %alloca = memref.alloca(%0) : memref<?xf32>
// CHECK-NEXT: "foo.use"(%alloca) : (memref<?xf32>) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @no_hoist_dynamic(%c: i1, %n: index) {
  scf.if %c {
    %m = arith.addi %n, %n : index
    memref.alloca_scope {
      %a = memref.alloca(%m) : memref<?xf32>
      "foo.use"(%a) : (memref<?xf32>) -> ()
    }
  }
  return
}
// CHECK-LABEL: func.func @not_last(%arg0: index) {
// CHECK-NEXT: memref.alloca_scope  {
// CHECK-NEXT: %alloca = memref.alloca() : memref<4xf32>
// CHECK-NEXT: "foo.use"(%alloca) : (memref<4xf32>) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: "foo.after"() : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @not_last(%n: index) {
  memref.alloca_scope {
    %a = memref.alloca() : memref<4xf32>
    "foo.use"(%a) : (memref<4xf32>) -> ()
  }
  "foo.after"() : () -> ()
  return
}
// CHECK-LABEL: func.func @pure_scope_not_last(%arg0: index) -> index {
// CHECK-NEXT: %0 = arith.muli %arg0, %arg0 : index
// CHECK-NEXT: "foo.after"() : () -> ()
// CHECK-NEXT: return %0 : index
// CHECK-NEXT: }
func.func @pure_scope_not_last(%n: index) -> index {
  %r = memref.alloca_scope -> index {
    %x = arith.muli %n, %n : index
    memref.alloca_scope.return %x : index
  }
  "foo.after"() : () -> ()
  return %r : index
}

// view: constant sizes made static (plus a cast), casts of the source
// bypassed, and a view of the source's own static type folded.

// CHECK-LABEL: func.func @view_const(%arg0: memref<2048xi8>) -> memref<?x4xf32> {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %view = memref.view %arg0[%c0][] : memref<2048xi8> to memref<7x4xf32>
// CHECK-NEXT: %cast = memref.cast %view : memref<7x4xf32> to memref<?x4xf32>
// CHECK-NEXT: return %cast : memref<?x4xf32>
// CHECK-NEXT: }
func.func @view_const(%b: memref<2048xi8>) -> memref<?x4xf32> {
  %c0 = arith.constant 0 : index
  %c7 = arith.constant 7 : index
  %v = memref.view %b[%c0][%c7] : memref<2048xi8> to memref<?x4xf32>
  return %v : memref<?x4xf32>
}
// CHECK-LABEL: func.func @view_of_cast(%arg0: memref<2048xi8>, %arg1: index) -> memref<?x4xf32> {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %view = memref.view %arg0[%c0][%arg1] : memref<2048xi8> to memref<?x4xf32>
// CHECK-NEXT: return %view : memref<?x4xf32>
// CHECK-NEXT: }
func.func @view_of_cast(%b: memref<2048xi8>, %n: index) -> memref<?x4xf32> {
  %c0 = arith.constant 0 : index
  %c = memref.cast %b : memref<2048xi8> to memref<?xi8>
  %v = memref.view %c[%c0][%n] : memref<?xi8> to memref<?x4xf32>
  return %v : memref<?x4xf32>
}
// CHECK-LABEL: func.func @view_of_static_cast(%arg0: memref<?xi8>, %arg1: index) -> memref<?x4xf32> {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %view = memref.view %arg0[%c0][%arg1] : memref<?xi8> to memref<?x4xf32>
// CHECK-NEXT: return %view : memref<?x4xf32>
// CHECK-NEXT: }
func.func @view_of_static_cast(%b: memref<?xi8>, %n: index) -> memref<?x4xf32> {
  %c0 = arith.constant 0 : index
  %c = memref.cast %b : memref<?xi8> to memref<2048xi8>
  %v = memref.view %c[%c0][%n] : memref<2048xi8> to memref<?x4xf32>
  return %v : memref<?x4xf32>
}
// CHECK-LABEL: func.func @view_of_alloc_cast(%arg0: index, %arg1: index) -> memref<?x4xf32> {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %alloc = memref.alloc(%arg1) : memref<?xi8>
// CHECK-NEXT: %view = memref.view %alloc[%c0][%arg0] : memref<?xi8> to memref<?x4xf32>
// CHECK-NEXT: return %view : memref<?x4xf32>
// CHECK-NEXT: }
func.func @view_of_alloc_cast(%n: index, %m: index) -> memref<?x4xf32> {
  %c0 = arith.constant 0 : index
  %a = memref.alloc(%m) : memref<?xi8>
  %c = memref.cast %a : memref<?xi8> to memref<2048xi8>
  %v = memref.view %c[%c0][%n] : memref<2048xi8> to memref<?x4xf32>
  return %v : memref<?x4xf32>
}
// CHECK-LABEL: func.func @view_same(%arg0: memref<2048xi8>) -> memref<2048xi8> {
// CHECK-NEXT: return %arg0 : memref<2048xi8>
// CHECK-NEXT: }
func.func @view_same(%b: memref<2048xi8>) -> memref<2048xi8> {
  %c0 = arith.constant 0 : index
  %v = memref.view %b[%c0][] : memref<2048xi8> to memref<2048xi8>
  return %v : memref<2048xi8>
}

// Dead reallocations.

// CHECK-LABEL: func.func @realloc_dead(%arg0: index) {
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @realloc_dead(%n: index) {
  %a = memref.alloc() : memref<4xf32>
  %r = memref.realloc %a : memref<4xf32> to memref<8xf32>
  memref.dealloc %r : memref<8xf32>
  return
}
// CHECK-LABEL: func.func @realloc_store(%arg0: index, %arg1: f32) {
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @realloc_store(%n: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  %r = memref.realloc %a : memref<4xf32> to memref<8xf32>
  memref.store %v, %r[%c0] : memref<8xf32>
  return
}
// CHECK-LABEL: func.func @realloc_used(%arg0: memref<4xf32>) -> memref<8xf32> {
// CHECK-NEXT: %0 = memref.realloc %arg0 : memref<4xf32> to memref<8xf32>
// CHECK-NEXT: return %0 : memref<8xf32>
// CHECK-NEXT: }
func.func @realloc_used(%m: memref<4xf32>) -> memref<8xf32> {
  %r = memref.realloc %m : memref<4xf32> to memref<8xf32>
  return %r : memref<8xf32>
}
