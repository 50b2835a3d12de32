// RUN: strata-opt --allow-unregistered-dialect --one-shot-bufferize="allow-unknown-ops unknown-type-conversion=identity-layout-map" %s | FileCheck %s --check-prefix=IDENTITY
// RUN: strata-opt --allow-unregistered-dialect --one-shot-bufferize="allow-unknown-ops buffer-alignment=0" %s | FileCheck %s --check-prefix=NOALIGN
// RUN: strata-opt --allow-unregistered-dialect --one-shot-bufferize="allow-unknown-ops buffer-alignment=128" %s | FileCheck %s --check-prefix=ALIGN128

// unknown-type-conversion is the layout of the to_buffer of arguments
// without function boundaries and of the results of unknown operations;
// buffer-alignment the alignment of the allocations (none with 0).

// IDENTITY-LABEL: func.func @copy_arg
// IDENTITY: %[[B:.*]] = bufferization.to_buffer %arg0 : tensor<?xf32> to memref<?xf32>
// IDENTITY: %[[A:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xf32>
// IDENTITY-NEXT: memref.copy %[[B]], %[[A]] : memref<?xf32> to memref<?xf32>
// NOALIGN-LABEL: func.func @copy_arg
// NOALIGN: memref.alloc(%{{.*}}) : memref<?xf32>
// ALIGN128-LABEL: func.func @copy_arg
// ALIGN128: memref.alloc(%{{.*}}) {alignment = 128 : i64} : memref<?xf32>
func.func @copy_arg(%t: tensor<?xf32>, %f: f32, %i: index) -> tensor<?xf32> {
  %w = tensor.insert %f into %t[%i] : tensor<?xf32>
  return %w : tensor<?xf32>
}

// IDENTITY-LABEL: func.func @unknown_result
// IDENTITY: bufferization.to_buffer %{{.*}} : tensor<4xf32> to memref<4xf32>
func.func @unknown_result(%f: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %t = "test.make"() : () -> tensor<4xf32>
  %x = tensor.extract %t[%c0] : tensor<4xf32>
  return %x : f32
}
