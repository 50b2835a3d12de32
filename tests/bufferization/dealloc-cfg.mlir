// RUN: strata-opt --ownership-based-buffer-deallocation %s | FileCheck %s
// RUN: strata-opt --buffer-deallocation-pipeline %s | FileCheck %s --check-prefix=PIPE

// Buffers live across cf branches: each block releases what it owns and
// retains what its successor reads, in upstream's order of values.

// CHECK-LABEL: func.func @diamond
// CHECK: %4 = bufferization.dealloc (%base_buffer : memref<f32>) if (%3) retain (%alloc : memref<?xf32>)
// CHECK: %7 = bufferization.dealloc (%base_buffer : memref<f32>) if (%6) retain (%alloc : memref<?xf32>)
// CHECK: %9:2 = bufferization.dealloc (%base_buffer_3, %base_buffer_7 : memref<f32>, memref<f32>) if (%8, %true_1) retain (%alloc_2, %alloc : memref<?xf32>, memref<?xf32>)
// CHECK: %10:2 = bufferization.dealloc (%base_buffer_13, %base_buffer_17 : memref<f32>, memref<f32>) if (%8, %true_11) retain (%alloc_12, %alloc : memref<?xf32>, memref<?xf32>)
// CHECK: bufferization.dealloc (%base_buffer_21, %base_buffer_25 : memref<f32>, memref<f32>) if (%8, %12)
// CHECK-LABEL: func.func @diamond2
// CHECK: %1 = bufferization.dealloc (%base_buffer : memref<f32>) if (%0) retain (%alloc : memref<?xf32>)
// CHECK: %4 = bufferization.dealloc (%base_buffer : memref<f32>) if (%3) retain (%alloc : memref<?xf32>)
// CHECK: %9:2 = bufferization.dealloc (%base_buffer_3, %base_buffer_7 : memref<f32>, memref<f32>) if (%5, %true_1) retain (%alloc_2, %alloc : memref<?xf32>, memref<?xf32>)
// CHECK: %10:2 = bufferization.dealloc (%base_buffer_11 : memref<f32>) if (%5) retain (%alloc, %alloc : memref<?xf32>, memref<?xf32>)
// CHECK: bufferization.dealloc (%base_buffer_15, %base_buffer_19 : memref<f32>, memref<f32>) if (%5, %12)
// CHECK-LABEL: func.func @chain
// CHECK: %2 = bufferization.dealloc (%base_buffer : memref<f32>) if (%true) retain (%alloc : memref<?xf32>)
// CHECK: %3:2 = bufferization.dealloc (%base_buffer_2, %base_buffer_6 : memref<f32>, memref<f32>) if (%2, %true_0) retain (%alloc_1, %alloc : memref<?xf32>, memref<?xf32>)
// CHECK: bufferization.dealloc (%base_buffer_10, %base_buffer_14 : memref<f32>, memref<f32>) if (%3#0, %2)
// CHECK-LABEL: func.func @view_across
// CHECK: %1 = bufferization.dealloc (%base_buffer : memref<f32>) if (%0) retain (%subview : memref<2xf32, strided<[1], offset: 1>>)
// CHECK: %4 = bufferization.dealloc (%base_buffer : memref<f32>) if (%3) retain (%alloc : memref<4xf32>)
// CHECK: bufferization.dealloc (%base_buffer_1 : memref<f32>) if (%1)
// CHECK: bufferization.dealloc (%base_buffer_5 : memref<f32>) if (%4)

// PIPE-LABEL: func.func @diamond(%arg0: i1, %arg1: index) -> f32 {
// PIPE-NEXT: %true = arith.constant true
// PIPE-NEXT: %c0 = arith.constant 0 : index
// PIPE-NEXT: %0 = arith.addi %arg1, %arg1 : index
// PIPE-NEXT: %1 = arith.addi %0, %arg1 : index
// PIPE-NEXT: %2 = arith.addi %1, %arg1 : index
// PIPE-NEXT: %alloc = memref.alloc(%2) : memref<?xf32>
// PIPE-NEXT: %3 = arith.xori %arg0, %true : i1
// PIPE-NEXT: %4 = arith.select %arg0, %arg0, %3 : i1
// PIPE-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// PIPE-NEXT: ^bb1:  // pred: ^bb0
// PIPE-NEXT: %alloc_0 = memref.alloc(%arg1) : memref<?xf32>
// PIPE-NEXT: cf.br ^bb3(%alloc_0, %true : memref<?xf32>, i1)
// PIPE-NEXT: ^bb2:  // pred: ^bb0
// PIPE-NEXT: %alloc_1 = memref.alloc(%arg1) : memref<?xf32>
// PIPE-NEXT: cf.br ^bb3(%alloc_1, %true : memref<?xf32>, i1)
// PIPE-NEXT: ^bb3(%5: memref<?xf32>, %6: i1):  // 2 preds: ^bb1, ^bb2
// PIPE-NEXT: %7 = memref.load %alloc[%c0] : memref<?xf32>
// PIPE-NEXT: %8 = memref.load %5[%c0] : memref<?xf32>
// PIPE-NEXT: %9 = arith.addf %7, %8 : f32
// PIPE-NEXT: %base_buffer, %offset, %sizes, %strides = memref.extract_strided_metadata %5 : memref<?xf32> -> memref<f32>, index, index, index
// PIPE-NEXT: scf.if %4 {
// PIPE-NEXT: memref.dealloc %alloc : memref<?xf32>
// PIPE-NEXT: }
// PIPE-NEXT: scf.if %6 {
// PIPE-NEXT: memref.dealloc %base_buffer : memref<f32>
// PIPE-NEXT: }
// PIPE-NEXT: return %9 : f32
// PIPE-LABEL: func.func @diamond2(%arg0: i1, %arg1: index) -> f32 {
// PIPE-NEXT: %c1 = arith.constant 1 : index
// PIPE-NEXT: %true = arith.constant true
// PIPE-NEXT: %c0 = arith.constant 0 : index
// PIPE-NEXT: %alloc = memref.alloc(%arg1) : memref<?xf32>
// PIPE-NEXT: %0 = arith.xori %arg0, %true : i1
// PIPE-NEXT: %1 = arith.select %arg0, %arg0, %0 : i1
// PIPE-NEXT: cf.cond_br %arg0, ^bb1, ^bb2(%alloc, %0 : memref<?xf32>, i1)
// PIPE-NEXT: ^bb1:  // pred: ^bb0
// PIPE-NEXT: %2 = arith.addi %arg1, %arg1 : index
// PIPE-NEXT: %3 = arith.addi %2, %arg1 : index
// PIPE-NEXT: %4 = arith.addi %3, %arg1 : index
// PIPE-NEXT: %alloc_0 = memref.alloc(%4) : memref<?xf32>
// PIPE-NEXT: cf.br ^bb2(%alloc_0, %true : memref<?xf32>, i1)
// PIPE-NEXT: ^bb2(%5: memref<?xf32>, %6: i1):  // 2 preds: ^bb0, ^bb1
// PIPE-NEXT: %7 = memref.load %alloc[%c0] : memref<?xf32>
// PIPE-NEXT: %8 = memref.load %5[%c0] : memref<?xf32>
// PIPE-NEXT: %9 = arith.addf %7, %8 : f32
// PIPE-NEXT: %base_buffer, %offset, %sizes, %strides = memref.extract_strided_metadata %5 : memref<?xf32> -> memref<f32>, index, index, index
// PIPE-NEXT: %alloc_1 = memref.alloc() : memref<2xindex>
// PIPE-NEXT: %alloc_2 = memref.alloc() : memref<2xi1>
// PIPE-NEXT: %alloc_3 = memref.alloc() : memref<0xindex>
// PIPE-NEXT: %intptr = memref.extract_aligned_pointer_as_index %alloc : memref<?xf32> -> index
// PIPE-NEXT: memref.store %intptr, %alloc_1[%c0] : memref<2xindex>
// PIPE-NEXT: %intptr_4 = memref.extract_aligned_pointer_as_index %base_buffer : memref<f32> -> index
// PIPE-NEXT: memref.store %intptr_4, %alloc_1[%c1] : memref<2xindex>
// PIPE-NEXT: memref.store %1, %alloc_2[%c0] : memref<2xi1>
// PIPE-NEXT: memref.store %6, %alloc_2[%c1] : memref<2xi1>
// PIPE-NEXT: %cast = memref.cast %alloc_1 : memref<2xindex> to memref<?xindex>
// PIPE-NEXT: %cast_5 = memref.cast %alloc_2 : memref<2xi1> to memref<?xi1>
// PIPE-NEXT: %cast_6 = memref.cast %alloc_3 : memref<0xindex> to memref<?xindex>
// PIPE-NEXT: %alloc_7 = memref.alloc() : memref<2xi1>
// PIPE-NEXT: %alloc_8 = memref.alloc() : memref<0xi1>
// PIPE-NEXT: %cast_9 = memref.cast %alloc_7 : memref<2xi1> to memref<?xi1>
// PIPE-NEXT: %cast_10 = memref.cast %alloc_8 : memref<0xi1> to memref<?xi1>
// PIPE-NEXT: call @dealloc_helper(%cast, %cast_6, %cast_5, %cast_9, %cast_10) : (memref<?xindex>, memref<?xindex>, memref<?xi1>, memref<?xi1>, memref<?xi1>) -> ()
// PIPE-NEXT: %10 = memref.load %alloc_7[%c0] : memref<2xi1>
// PIPE-NEXT: scf.if %10 {
// PIPE-NEXT: memref.dealloc %alloc : memref<?xf32>
// PIPE-NEXT: }
// PIPE-NEXT: %11 = memref.load %alloc_7[%c1] : memref<2xi1>
// PIPE-NEXT: scf.if %11 {
// PIPE-NEXT: memref.dealloc %base_buffer : memref<f32>
// PIPE-NEXT: }
// PIPE-NEXT: memref.dealloc %alloc_1 : memref<2xindex>
// PIPE-NEXT: memref.dealloc %alloc_3 : memref<0xindex>
// PIPE-NEXT: memref.dealloc %alloc_2 : memref<2xi1>
// PIPE-NEXT: memref.dealloc %alloc_7 : memref<2xi1>
// PIPE-NEXT: memref.dealloc %alloc_8 : memref<0xi1>
// PIPE-NEXT: return %9 : f32
// PIPE-LABEL: func.func @chain(%arg0: index) -> f32 {
// PIPE-NEXT: %c0 = arith.constant 0 : index
// PIPE-NEXT: %0 = arith.addi %arg0, %arg0 : index
// PIPE-NEXT: %1 = arith.addi %0, %arg0 : index
// PIPE-NEXT: %alloc = memref.alloc(%1) : memref<?xf32>
// PIPE-NEXT: %alloc_0 = memref.alloc(%arg0) : memref<?xf32>
// PIPE-NEXT: %2 = memref.load %alloc[%c0] : memref<?xf32>
// PIPE-NEXT: %3 = memref.load %alloc_0[%c0] : memref<?xf32>
// PIPE-NEXT: %4 = arith.addf %2, %3 : f32
// PIPE-NEXT: memref.dealloc %alloc : memref<?xf32>
// PIPE-NEXT: memref.dealloc %alloc_0 : memref<?xf32>
// PIPE-NEXT: return %4 : f32
// PIPE-LABEL: func.func @view_across(%arg0: i1) -> f32 {
// PIPE-NEXT: %true = arith.constant true
// PIPE-NEXT: %c0 = arith.constant 0 : index
// PIPE-NEXT: %alloc = memref.alloc() : memref<4xf32>
// PIPE-NEXT: %subview = memref.subview %alloc[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
// PIPE-NEXT: %0 = arith.xori %arg0, %true : i1
// PIPE-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// PIPE-NEXT: ^bb1:  // pred: ^bb0
// PIPE-NEXT: %1 = memref.load %subview[%c0] : memref<2xf32, strided<[1], offset: 1>>
// PIPE-NEXT: %base_buffer, %offset, %sizes, %strides = memref.extract_strided_metadata %subview : memref<2xf32, strided<[1], offset: 1>> -> memref<f32>, index, index, index
// PIPE-NEXT: memref.dealloc %base_buffer : memref<f32>
// PIPE-NEXT: return %1 : f32
// PIPE-NEXT: ^bb2:  // pred: ^bb0
// PIPE-NEXT: %2 = memref.load %alloc[%c0] : memref<4xf32>
// PIPE-NEXT: scf.if %0 {
// PIPE-NEXT: memref.dealloc %alloc : memref<4xf32>
// PIPE-NEXT: }
// PIPE-NEXT: return %2 : f32
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

func.func @diamond(%c: i1, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %x = arith.addi %n, %n : index
  %y = arith.addi %x, %n : index
  %z = arith.addi %y, %n : index
  %a = memref.alloc(%z) : memref<?xf32>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %b = memref.alloc(%n) : memref<?xf32>
  cf.br ^bb3(%b : memref<?xf32>)
^bb2:
  %q = memref.alloc(%n) : memref<?xf32>
  cf.br ^bb3(%q : memref<?xf32>)
^bb3(%m: memref<?xf32>):
  %v = memref.load %a[%c0] : memref<?xf32>
  %w = memref.load %m[%c0] : memref<?xf32>
  %s = arith.addf %v, %w : f32
  return %s : f32
}
func.func @diamond2(%c: i1, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc(%n) : memref<?xf32>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %x = arith.addi %n, %n : index
  %y = arith.addi %x, %n : index
  %z = arith.addi %y, %n : index
  %b = memref.alloc(%z) : memref<?xf32>
  cf.br ^bb3(%b : memref<?xf32>)
^bb2:
  cf.br ^bb3(%a : memref<?xf32>)
^bb3(%m: memref<?xf32>):
  %v = memref.load %a[%c0] : memref<?xf32>
  %w = memref.load %m[%c0] : memref<?xf32>
  %s = arith.addf %v, %w : f32
  return %s : f32
}
func.func @chain(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %x = arith.addi %n, %n : index
  %y = arith.addi %x, %n : index
  %a = memref.alloc(%y) : memref<?xf32>
  cf.br ^bb1
^bb1:
  %b = memref.alloc(%n) : memref<?xf32>
  cf.br ^bb2
^bb2:
  %v = memref.load %a[%c0] : memref<?xf32>
  %w = memref.load %b[%c0] : memref<?xf32>
  %s = arith.addf %v, %w : f32
  return %s : f32
}
func.func @view_across(%c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  %v = memref.subview %a[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %x = memref.load %v[%c0] : memref<2xf32, strided<[1], offset: 1>>
  return %x : f32
^bb2:
  %y = memref.load %a[%c0] : memref<4xf32>
  return %y : f32
}
