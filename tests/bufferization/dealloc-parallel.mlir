// RUN: strata-opt --ownership-based-buffer-deallocation %s | FileCheck %s
// RUN: strata-opt --buffer-deallocation-pipeline %s | FileCheck %s --check-prefix=PIPE

// Buffers allocated in the body of scf.forall and scf.parallel are freed
// before the body's terminator.

// CHECK-LABEL: func.func @forall
// CHECK: bufferization.dealloc (%base_buffer_2 : memref<f32>) if (%true)
// CHECK: bufferization.dealloc (%base_buffer : memref<f32>) if (%false_0)
// CHECK-LABEL: func.func @par
// CHECK: bufferization.dealloc (%base_buffer_2 : memref<f32>) if (%true)
// CHECK: bufferization.dealloc (%base_buffer : memref<f32>) if (%false_0)

// PIPE-LABEL: func.func @forall(%arg0: index, %arg1: memref<?xf32>) {
// PIPE-NEXT: %c0 = arith.constant 0 : index
// PIPE-NEXT: scf.forall (%arg2) in (%arg0) {
// PIPE-NEXT: %alloc = memref.alloc() : memref<2xf32>
// PIPE-NEXT: %0 = memref.load %alloc[%c0] : memref<2xf32>
// PIPE-NEXT: memref.store %0, %arg1[%arg2] : memref<?xf32>
// PIPE-NEXT: memref.dealloc %alloc : memref<2xf32>
// PIPE-NEXT: }
// PIPE-NEXT: return
// PIPE-LABEL: func.func @par(%arg0: index, %arg1: memref<?xf32>) {
// PIPE-NEXT: %c0 = arith.constant 0 : index
// PIPE-NEXT: %c1 = arith.constant 1 : index
// PIPE-NEXT: scf.parallel (%arg2) = (%c0) to (%arg0) step (%c1) {
// PIPE-NEXT: %alloc = memref.alloc() : memref<2xf32>
// PIPE-NEXT: %0 = memref.load %alloc[%c0] : memref<2xf32>
// PIPE-NEXT: memref.store %0, %arg1[%arg2] : memref<?xf32>
// PIPE-NEXT: memref.dealloc %alloc : memref<2xf32>
// PIPE-NEXT: scf.reduce
// PIPE-NEXT: }
// PIPE-NEXT: return

func.func @forall(%n: index, %out: memref<?xf32>) {
  scf.forall (%i) in (%n) {
    %a = memref.alloc() : memref<2xf32>
    %c0 = arith.constant 0 : index
    %v = memref.load %a[%c0] : memref<2xf32>
    memref.store %v, %out[%i] : memref<?xf32>
  }
  return
}
func.func @par(%n: index, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %a = memref.alloc() : memref<2xf32>
    %v = memref.load %a[%c0] : memref<2xf32>
    memref.store %v, %out[%i] : memref<?xf32>
    scf.reduce
  }
  return
}
