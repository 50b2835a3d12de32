// RUN: strata-opt --expand-realloc %s | FileCheck %s
// RUN: strata-opt --buffer-deallocation-pipeline %s | FileCheck %s --check-prefix=PIPE

// expand-realloc turns memref.realloc into an scf.if that grows the buffer
// by allocating and copying, or reinterprets it; the deallocation pipeline
// runs it first, without the dealloc of the old buffer, and frees what the
// function owns.

// CHECK-LABEL: func.func @grow_static(%arg0: memref<2xf32>) -> memref<4xf32> {
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %0 = arith.cmpi ult, %c2, %c4 : index
// CHECK-NEXT: %1 = scf.if %0 -> (memref<4xf32>) {
// CHECK-NEXT: %alloc = memref.alloc() : memref<4xf32>
// CHECK-NEXT: %subview = memref.subview %alloc[0] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1]>>
// CHECK-NEXT: memref.copy %arg0, %subview : memref<2xf32> to memref<2xf32, strided<[1]>>
// CHECK-NEXT: memref.dealloc %arg0 : memref<2xf32>
// CHECK-NEXT: scf.yield %alloc : memref<4xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: %reinterpret_cast = memref.reinterpret_cast %arg0 to offset: [0], sizes: [4], strides: [1] : memref<2xf32> to memref<4xf32>
// CHECK-NEXT: scf.yield %reinterpret_cast : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return %1 : memref<4xf32>
// CHECK-LABEL: func.func @grow_dynamic(%arg0: memref<?xf32>, %arg1: index) -> memref<?xf32> {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %dim = memref.dim %arg0, %c0 : memref<?xf32>
// CHECK-NEXT: %0 = arith.cmpi ult, %dim, %arg1 : index
// CHECK-NEXT: %1 = scf.if %0 -> (memref<?xf32>) {
// CHECK-NEXT: %alloc = memref.alloc(%arg1) {alignment = 8 : i64} : memref<?xf32>
// CHECK-NEXT: %subview = memref.subview %alloc[0] [%dim] [1] : memref<?xf32> to memref<?xf32, strided<[1]>>
// CHECK-NEXT: memref.copy %arg0, %subview : memref<?xf32> to memref<?xf32, strided<[1]>>
// CHECK-NEXT: memref.dealloc %arg0 : memref<?xf32>
// CHECK-NEXT: scf.yield %alloc : memref<?xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: %reinterpret_cast = memref.reinterpret_cast %arg0 to offset: [0], sizes: [%arg1], strides: [1] : memref<?xf32> to memref<?xf32>
// CHECK-NEXT: scf.yield %reinterpret_cast : memref<?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return %1 : memref<?xf32>
// CHECK-LABEL: func.func @to_static(%arg0: memref<?xf32>) -> memref<4xf32> {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %dim = memref.dim %arg0, %c0 : memref<?xf32>
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %0 = arith.cmpi ult, %dim, %c4 : index
// CHECK-NEXT: %1 = scf.if %0 -> (memref<4xf32>) {
// CHECK-NEXT: %alloc = memref.alloc() : memref<4xf32>
// CHECK-NEXT: %subview = memref.subview %alloc[0] [%dim] [1] : memref<4xf32> to memref<?xf32, strided<[1]>>
// CHECK-NEXT: memref.copy %arg0, %subview : memref<?xf32> to memref<?xf32, strided<[1]>>
// CHECK-NEXT: memref.dealloc %arg0 : memref<?xf32>
// CHECK-NEXT: scf.yield %alloc : memref<4xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: %reinterpret_cast = memref.reinterpret_cast %arg0 to offset: [0], sizes: [4], strides: [1] : memref<?xf32> to memref<4xf32>
// CHECK-NEXT: scf.yield %reinterpret_cast : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return %1 : memref<4xf32>
// CHECK-LABEL: func.func @owned(%arg0: index) -> memref<?xf32> {
// CHECK-NEXT: %alloc = memref.alloc() : memref<2xf32>
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %0 = arith.cmpi ult, %c2, %arg0 : index
// CHECK-NEXT: %1 = scf.if %0 -> (memref<?xf32>) {
// CHECK-NEXT: %alloc_0 = memref.alloc(%arg0) : memref<?xf32>
// CHECK-NEXT: %subview = memref.subview %alloc_0[0] [2] [1] : memref<?xf32> to memref<2xf32, strided<[1]>>
// CHECK-NEXT: memref.copy %alloc, %subview : memref<2xf32> to memref<2xf32, strided<[1]>>
// CHECK-NEXT: memref.dealloc %alloc : memref<2xf32>
// CHECK-NEXT: scf.yield %alloc_0 : memref<?xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: %reinterpret_cast = memref.reinterpret_cast %alloc to offset: [0], sizes: [%arg0], strides: [1] : memref<2xf32> to memref<?xf32>
// CHECK-NEXT: scf.yield %reinterpret_cast : memref<?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return %1 : memref<?xf32>

// PIPE-LABEL: func.func @grow_static(%arg0: memref<2xf32>) -> memref<4xf32> {
// PIPE-NEXT: %alloc = memref.alloc() : memref<4xf32>
// PIPE-NEXT: %subview = memref.subview %alloc[0] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1]>>
// PIPE-NEXT: memref.copy %arg0, %subview : memref<2xf32> to memref<2xf32, strided<[1]>>
// PIPE-NEXT: return %alloc : memref<4xf32>
// PIPE-LABEL: func.func @grow_dynamic(%arg0: memref<?xf32>, %arg1: index) -> memref<?xf32> {
// PIPE-NEXT: %c0 = arith.constant 0 : index
// PIPE-NEXT: %dim = memref.dim %arg0, %c0 : memref<?xf32>
// PIPE-NEXT: %0 = arith.cmpi ult, %dim, %arg1 : index
// PIPE-NEXT: %1:2 = scf.if %0 -> (memref<?xf32>, memref<?xf32>) {
// PIPE-NEXT: %alloc = memref.alloc(%arg1) {alignment = 8 : i64} : memref<?xf32>
// PIPE-NEXT: %subview = memref.subview %alloc[0] [%dim] [1] : memref<?xf32> to memref<?xf32, strided<[1]>>
// PIPE-NEXT: memref.copy %arg0, %subview : memref<?xf32> to memref<?xf32, strided<[1]>>
// PIPE-NEXT: scf.yield %alloc, %alloc : memref<?xf32>, memref<?xf32>
// PIPE-NEXT: } else {
// PIPE-NEXT: %reinterpret_cast = memref.reinterpret_cast %arg0 to offset: [0], sizes: [%arg1], strides: [1] : memref<?xf32> to memref<?xf32>
// PIPE-NEXT: %4 = bufferization.clone %reinterpret_cast : memref<?xf32> to memref<?xf32>
// PIPE-NEXT: scf.yield %reinterpret_cast, %4 : memref<?xf32>, memref<?xf32>
// PIPE-NEXT: }
// PIPE-NEXT: %base_buffer, %offset, %sizes, %strides = memref.extract_strided_metadata %1#0 : memref<?xf32> -> memref<f32>, index, index, index
// PIPE-NEXT: %intptr = memref.extract_aligned_pointer_as_index %base_buffer : memref<f32> -> index
// PIPE-NEXT: %intptr_0 = memref.extract_aligned_pointer_as_index %1#1 : memref<?xf32> -> index
// PIPE-NEXT: %2 = arith.cmpi ne, %intptr, %intptr_0 : index
// PIPE-NEXT: %3 = arith.andi %2, %0 : i1
// PIPE-NEXT: scf.if %3 {
// PIPE-NEXT: memref.dealloc %base_buffer : memref<f32>
// PIPE-NEXT: }
// PIPE-NEXT: return %1#1 : memref<?xf32>
// PIPE-LABEL: func.func @to_static(%arg0: memref<?xf32>) -> memref<4xf32> {
// PIPE-NEXT: %c4 = arith.constant 4 : index
// PIPE-NEXT: %c0 = arith.constant 0 : index
// PIPE-NEXT: %dim = memref.dim %arg0, %c0 : memref<?xf32>
// PIPE-NEXT: %0 = arith.cmpi ult, %dim, %c4 : index
// PIPE-NEXT: %1:2 = scf.if %0 -> (memref<4xf32>, memref<4xf32>) {
// PIPE-NEXT: %alloc = memref.alloc() : memref<4xf32>
// PIPE-NEXT: %subview = memref.subview %alloc[0] [%dim] [1] : memref<4xf32> to memref<?xf32, strided<[1]>>
// PIPE-NEXT: memref.copy %arg0, %subview : memref<?xf32> to memref<?xf32, strided<[1]>>
// PIPE-NEXT: scf.yield %alloc, %alloc : memref<4xf32>, memref<4xf32>
// PIPE-NEXT: } else {
// PIPE-NEXT: %reinterpret_cast = memref.reinterpret_cast %arg0 to offset: [0], sizes: [4], strides: [1] : memref<?xf32> to memref<4xf32>
// PIPE-NEXT: %4 = bufferization.clone %reinterpret_cast : memref<4xf32> to memref<4xf32>
// PIPE-NEXT: scf.yield %reinterpret_cast, %4 : memref<4xf32>, memref<4xf32>
// PIPE-NEXT: }
// PIPE-NEXT: %base_buffer, %offset, %sizes, %strides = memref.extract_strided_metadata %1#0 : memref<4xf32> -> memref<f32>, index, index, index
// PIPE-NEXT: %intptr = memref.extract_aligned_pointer_as_index %base_buffer : memref<f32> -> index
// PIPE-NEXT: %intptr_0 = memref.extract_aligned_pointer_as_index %1#1 : memref<4xf32> -> index
// PIPE-NEXT: %2 = arith.cmpi ne, %intptr, %intptr_0 : index
// PIPE-NEXT: %3 = arith.andi %2, %0 : i1
// PIPE-NEXT: scf.if %3 {
// PIPE-NEXT: memref.dealloc %base_buffer : memref<f32>
// PIPE-NEXT: }
// PIPE-NEXT: return %1#1 : memref<4xf32>
// PIPE-LABEL: func.func @owned(%arg0: index) -> memref<?xf32> {
// PIPE-NEXT: %c1 = arith.constant 1 : index
// PIPE-NEXT: %c0 = arith.constant 0 : index
// PIPE-NEXT: %true = arith.constant true
// PIPE-NEXT: %c2 = arith.constant 2 : index
// PIPE-NEXT: %alloc = memref.alloc() : memref<2xf32>
// PIPE-NEXT: %0 = arith.cmpi ugt, %arg0, %c2 : index
// PIPE-NEXT: %1:2 = scf.if %0 -> (memref<?xf32>, memref<?xf32>) {
// PIPE-NEXT: %alloc_11 = memref.alloc(%arg0) : memref<?xf32>
// PIPE-NEXT: %subview = memref.subview %alloc_11[0] [2] [1] : memref<?xf32> to memref<2xf32, strided<[1]>>
// PIPE-NEXT: memref.copy %alloc, %subview : memref<2xf32> to memref<2xf32, strided<[1]>>
// PIPE-NEXT: scf.yield %alloc_11, %alloc_11 : memref<?xf32>, memref<?xf32>
// PIPE-NEXT: } else {
// PIPE-NEXT: %reinterpret_cast = memref.reinterpret_cast %alloc to offset: [0], sizes: [%arg0], strides: [1] : memref<2xf32> to memref<?xf32>
// PIPE-NEXT: %4 = bufferization.clone %reinterpret_cast : memref<?xf32> to memref<?xf32>
// PIPE-NEXT: scf.yield %reinterpret_cast, %4 : memref<?xf32>, memref<?xf32>
// PIPE-NEXT: }
// PIPE-NEXT: %base_buffer, %offset, %sizes, %strides = memref.extract_strided_metadata %1#0 : memref<?xf32> -> memref<f32>, index, index, index
// PIPE-NEXT: %alloc_0 = memref.alloc() : memref<2xindex>
// PIPE-NEXT: %alloc_1 = memref.alloc() : memref<2xi1>
// PIPE-NEXT: %alloc_2 = memref.alloc() : memref<1xindex>
// PIPE-NEXT: %intptr = memref.extract_aligned_pointer_as_index %alloc : memref<2xf32> -> index
// PIPE-NEXT: memref.store %intptr, %alloc_0[%c0] : memref<2xindex>
// PIPE-NEXT: %intptr_3 = memref.extract_aligned_pointer_as_index %base_buffer : memref<f32> -> index
// PIPE-NEXT: memref.store %intptr_3, %alloc_0[%c1] : memref<2xindex>
// PIPE-NEXT: memref.store %true, %alloc_1[%c0] : memref<2xi1>
// PIPE-NEXT: memref.store %0, %alloc_1[%c1] : memref<2xi1>
// PIPE-NEXT: %intptr_4 = memref.extract_aligned_pointer_as_index %1#1 : memref<?xf32> -> index
// PIPE-NEXT: memref.store %intptr_4, %alloc_2[%c0] : memref<1xindex>
// PIPE-NEXT: %cast = memref.cast %alloc_0 : memref<2xindex> to memref<?xindex>
// PIPE-NEXT: %cast_5 = memref.cast %alloc_1 : memref<2xi1> to memref<?xi1>
// PIPE-NEXT: %cast_6 = memref.cast %alloc_2 : memref<1xindex> to memref<?xindex>
// PIPE-NEXT: %alloc_7 = memref.alloc() : memref<2xi1>
// PIPE-NEXT: %alloc_8 = memref.alloc() : memref<1xi1>
// PIPE-NEXT: %cast_9 = memref.cast %alloc_7 : memref<2xi1> to memref<?xi1>
// PIPE-NEXT: %cast_10 = memref.cast %alloc_8 : memref<1xi1> to memref<?xi1>
// PIPE-NEXT: call @dealloc_helper(%cast, %cast_6, %cast_5, %cast_9, %cast_10) : (memref<?xindex>, memref<?xindex>, memref<?xi1>, memref<?xi1>, memref<?xi1>) -> ()
// PIPE-NEXT: %2 = memref.load %alloc_7[%c0] : memref<2xi1>
// PIPE-NEXT: scf.if %2 {
// PIPE-NEXT: memref.dealloc %alloc : memref<2xf32>
// PIPE-NEXT: }
// PIPE-NEXT: %3 = memref.load %alloc_7[%c1] : memref<2xi1>
// PIPE-NEXT: scf.if %3 {
// PIPE-NEXT: memref.dealloc %base_buffer : memref<f32>
// PIPE-NEXT: }
// PIPE-NEXT: memref.dealloc %alloc_0 : memref<2xindex>
// PIPE-NEXT: memref.dealloc %alloc_2 : memref<1xindex>
// PIPE-NEXT: memref.dealloc %alloc_1 : memref<2xi1>
// PIPE-NEXT: memref.dealloc %alloc_7 : memref<2xi1>
// PIPE-NEXT: memref.dealloc %alloc_8 : memref<1xi1>
// PIPE-NEXT: return %1#1 : memref<?xf32>
// PIPE-LABEL: func.func private @dealloc_helper(%arg0: memref<?xindex>, %arg1: memref<?xindex>, %arg2: memref<?xi1>, %arg3: memref<?xi1>, %arg4: memref<?xi1>) {
// PIPE-NEXT: %c0 = arith.constant 0 : index
// PIPE-NEXT: %c1 = arith.constant 1 : index
// PIPE-NEXT: %true = arith.constant true
// PIPE-NEXT: %false = arith.constant false
// PIPE-NEXT: %dim = memref.dim %arg0, %c0 : memref<?xindex>
// PIPE-NEXT: %dim_0 = memref.dim %arg1, %c0 : memref<?xindex>
// PIPE-NEXT: scf.for %arg5 = %c0 to %dim_0 step %c1 {
// PIPE-NEXT: memref.store %false, %arg4[%arg5] : memref<?xi1>
// PIPE-NEXT: }
// PIPE-NEXT: scf.for %arg5 = %c0 to %dim step %c1 {
// PIPE-NEXT: %0 = memref.load %arg0[%arg5] : memref<?xindex>
// PIPE-NEXT: %1 = memref.load %arg2[%arg5] : memref<?xi1>
// PIPE-NEXT: %2 = scf.for %arg6 = %c0 to %dim_0 step %c1 iter_args(%arg7 = %true) -> (i1) {
// PIPE-NEXT: %5 = memref.load %arg1[%arg6] : memref<?xindex>
// PIPE-NEXT: %6 = arith.cmpi eq, %5, %0 : index
// PIPE-NEXT: scf.if %6 {
// PIPE-NEXT: %9 = memref.load %arg4[%arg6] : memref<?xi1>
// PIPE-NEXT: %10 = arith.ori %9, %1 : i1
// PIPE-NEXT: memref.store %10, %arg4[%arg6] : memref<?xi1>
// PIPE-NEXT: }
// PIPE-NEXT: %7 = arith.cmpi ne, %5, %0 : index
// PIPE-NEXT: %8 = arith.andi %arg7, %7 : i1
// PIPE-NEXT: scf.yield %8 : i1
// PIPE-NEXT: }
// PIPE-NEXT: %3 = scf.for %arg6 = %c0 to %arg5 step %c1 iter_args(%arg7 = %2) -> (i1) {
// PIPE-NEXT: %5 = memref.load %arg0[%arg6] : memref<?xindex>
// PIPE-NEXT: %6 = arith.cmpi ne, %5, %0 : index
// PIPE-NEXT: %7 = arith.andi %arg7, %6 : i1
// PIPE-NEXT: scf.yield %7 : i1
// PIPE-NEXT: }
// PIPE-NEXT: %4 = arith.andi %3, %1 : i1
// PIPE-NEXT: memref.store %4, %arg3[%arg5] : memref<?xi1>
// PIPE-NEXT: }
// PIPE-NEXT: return

func.func @grow_static(%src: memref<2xf32>) -> memref<4xf32> {
  %0 = memref.realloc %src : memref<2xf32> to memref<4xf32>
  return %0 : memref<4xf32>
}
func.func @grow_dynamic(%src: memref<?xf32>, %n: index) -> memref<?xf32> {
  %0 = memref.realloc %src(%n) {alignment = 8} : memref<?xf32> to memref<?xf32>
  return %0 : memref<?xf32>
}
func.func @to_static(%src: memref<?xf32>) -> memref<4xf32> {
  %0 = memref.realloc %src : memref<?xf32> to memref<4xf32>
  return %0 : memref<4xf32>
}
func.func @owned(%n: index) -> memref<?xf32> {
  %a = memref.alloc() : memref<2xf32>
  %0 = memref.realloc %a(%n) : memref<2xf32> to memref<?xf32>
  return %0 : memref<?xf32>
}
