// RUN: strata-opt --allow-unregistered-dialect %s | FileCheck %s

// The custom syntax of the memref operations round-trips as mlir-opt
// prints it.

// CHECK: memref.global "private" constant @g : memref<2xf32> = dense<[1.000000e+00, 2.000000e+00]> {alignment = 64 : i64}
// CHECK-LABEL: func.func @ops(%arg0: memref<8x8xf32>, %arg1: memref<*xf32>, %arg2: index, %arg3: f32, %arg4: memref<64xi8>, %arg5: memref<1xi32>) {
// CHECK-NEXT: %alloca = memref.alloca(%arg2) {alignment = 16 : i64} : memref<?xf32>
// CHECK-NEXT: %0 = memref.load %arg0[%arg2, %arg2] {nontemporal = true} : memref<8x8xf32>
// CHECK-NEXT: memref.store %arg3, %arg0[%arg2, %arg2] {alignment = 4 : i64} : memref<8x8xf32>
// CHECK-NEXT: %subview = memref.subview %arg0[%arg2, 2] [4, %arg2] [1, 2] : memref<8x8xf32> to memref<4x?xf32, strided<[8, 2], offset: ?>>
// CHECK-NEXT: %reinterpret_cast = memref.reinterpret_cast %arg1 to offset: [0], sizes: [%arg2, 4], strides: [4, 1] : memref<*xf32> to memref<?x4xf32, strided<[4, 1]>>
// CHECK-NEXT: %view = memref.view %arg4[%arg2][] : memref<64xi8> to memref<4x4xf32>
// CHECK-NEXT: %1 = memref.get_global @g : memref<2xf32>
// CHECK-NEXT: %transpose = memref.transpose %arg0 (d0, d1) -> (d1, d0) : memref<8x8xf32> to memref<8x8xf32, strided<[1, 8]>>
// CHECK-NEXT: %2 = memref.atomic_rmw maximumf %arg3, %arg0[%arg2, %arg2] : (f32, memref<8x8xf32>) -> f32
// CHECK-NEXT: %dim = memref.dim %arg1, %arg2 : memref<*xf32>
// CHECK-NEXT: %memspacecast = memref.memory_space_cast %arg0 : memref<8x8xf32> to memref<8x8xf32, 3>
// CHECK-NEXT: %intptr = memref.extract_aligned_pointer_as_index %arg1 : memref<*xf32> -> index
// CHECK-NEXT: %3 = memref.realloc %alloca(%arg2) {alignment = 8 : i64} : memref<?xf32> to memref<?xf32>
// CHECK-NEXT: %expand_shape = memref.expand_shape %arg0 {{\[\[}}0, 1], [2]] output_shape [2, 4, 8] : memref<8x8xf32> into memref<2x4x8xf32>
// CHECK-NEXT: %4 = memref.alloca_scope  -> (f32) {
// CHECK-NEXT: %5 = memref.load %arg0[%arg2, %arg2] : memref<8x8xf32>
// CHECK-NEXT: memref.alloca_scope.return %5 : f32
// CHECK-NEXT: }
// CHECK-NEXT: memref.prefetch %arg0[%arg2, %arg2], write, locality<3>, instr : memref<8x8xf32>
// CHECK-NEXT: memref.dma_start %arg0[%arg2, %arg2], %arg0[%arg2, %arg2], %arg2, %arg5[%arg2], %arg2, %arg2 : memref<8x8xf32>, memref<8x8xf32>, memref<1xi32>
// CHECK-NEXT: memref.dma_wait %arg5[%arg2], %arg2 : memref<1xi32>
// CHECK-NEXT: %assume_align = memref.assume_alignment %arg0, 32 : memref<8x8xf32>
// CHECK-NEXT: "test.use"(%0, %subview, %reinterpret_cast, %view, %1, %transpose, %2, %dim, %memspacecast, %intptr, %3, %expand_shape, %4, %assume_align) : (f32, memref<4x?xf32, strided<[8, 2], offset: ?>>, memref<?x4xf32, strided<[4, 1]>>, memref<4x4xf32>, memref<2xf32>, memref<8x8xf32, strided<[1, 8]>>, f32, index, memref<8x8xf32, 3>, index, memref<?xf32>, memref<2x4x8xf32>, f32, memref<8x8xf32>) -> ()
// CHECK-NEXT: return
memref.global "private" constant @g : memref<2xf32> = dense<[1.0, 2.0]> {alignment = 64 : i64}
func.func @ops(%m: memref<8x8xf32>, %u: memref<*xf32>, %i: index, %v: f32, %b: memref<64xi8>, %s: memref<1xi32>) {
  %a = memref.alloca(%i) {alignment = 16 : i64} : memref<?xf32>
  %0 = memref.load %m[%i, %i] {nontemporal = true} : memref<8x8xf32>
  memref.store %v, %m[%i, %i] {alignment = 4 : i64} : memref<8x8xf32>
  %sv = memref.subview %m[%i, 2] [4, %i] [1, 2] : memref<8x8xf32> to memref<4x?xf32, strided<[8, 2], offset: ?>>
  %rc = memref.reinterpret_cast %u to offset: [0], sizes: [%i, 4], strides: [4, 1] : memref<*xf32> to memref<?x4xf32, strided<[4, 1]>>
  %vw = memref.view %b[%i][] : memref<64xi8> to memref<4x4xf32>
  %g = memref.get_global @g : memref<2xf32>
  %t = memref.transpose %m (d0, d1) -> (d1, d0) : memref<8x8xf32> to memref<8x8xf32, strided<[1, 8]>>
  %r = memref.atomic_rmw maximumf %v, %m[%i, %i] : (f32, memref<8x8xf32>) -> f32
  %d = memref.dim %u, %i : memref<*xf32>
  %ms = memref.memory_space_cast %m : memref<8x8xf32> to memref<8x8xf32, 3>
  %p = memref.extract_aligned_pointer_as_index %u : memref<*xf32> -> index
  %x = memref.realloc %a(%i) {alignment = 8 : i64} : memref<?xf32> to memref<?xf32>
  %e = memref.expand_shape %m [[0, 1], [2]] output_shape [2, 4, 8] : memref<8x8xf32> into memref<2x4x8xf32>
  %res = memref.alloca_scope -> (f32) {
    %l = memref.load %m[%i, %i] : memref<8x8xf32>
    memref.alloca_scope.return %l : f32
  }
  memref.prefetch %m[%i, %i], write, locality<3>, instr : memref<8x8xf32>
  memref.dma_start %m[%i, %i], %m[%i, %i], %i, %s[%i], %i, %i : memref<8x8xf32>, memref<8x8xf32>, memref<1xi32>
  memref.dma_wait %s[%i], %i : memref<1xi32>
  %aa = memref.assume_alignment %m, 32 : memref<8x8xf32>
  "test.use"(%0, %sv, %rc, %vw, %g, %t, %r, %d, %ms, %p, %x, %e, %res, %aa) : (f32, memref<4x?xf32, strided<[8, 2], offset: ?>>, memref<?x4xf32, strided<[4, 1]>>, memref<4x4xf32>, memref<2xf32>, memref<8x8xf32, strided<[1, 8]>>, f32, index, memref<8x8xf32, 3>, index, memref<?xf32>, memref<2x4x8xf32>, f32, memref<8x8xf32>) -> ()
  return
}
