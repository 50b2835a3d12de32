// RUN: strata-opt --one-shot-bufferize=bufferize-function-boundaries -split-input-file %s | FileCheck %s

// A new buffer whose contents are not needed takes the dynamic sizes the
// operation defining its tensor states (tensor.extract_slice: its sizes,
// less the unit ones a rank-reducing slice drops), rather than memref.dim
// of the buffer it replaces, as upstream's allocateTensorForShapedValue.

// CHECK-LABEL: func.func @slice_not_read
// CHECK: memref.subview
// CHECK-NEXT: %[[A:.*]] = memref.alloc(%arg1) {alignment = 64 : i64} : memref<?x8xf32>
// CHECK-NOT: memref.dim
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[A]] : memref<?x8xf32>)
func.func @slice_not_read(%t: tensor<?x16xf32>, %sz: index, %p: index, %f: f32) -> (tensor<?x16xf32>, tensor<?x8xf32>) {
  %s = tensor.extract_slice %t[%p, %p] [%sz, 8] [1, 1] : tensor<?x16xf32> to tensor<?x8xf32>
  %w = tensor.insert %f into %t[%p, %p] : tensor<?x16xf32>
  %r = linalg.fill ins(%f : f32) outs(%s : tensor<?x8xf32>) -> tensor<?x8xf32>
  return %w, %r : tensor<?x16xf32>, tensor<?x8xf32>
}

// -----

// CHECK-LABEL: func.func @rank_reducing_slice_not_read
// CHECK: memref.subview
// CHECK-NEXT: %[[A:.*]] = memref.alloc(%arg1) {alignment = 64 : i64} : memref<?xf32>
// CHECK-NOT: memref.dim
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[A]] : memref<?xf32>)
func.func @rank_reducing_slice_not_read(%t: tensor<?x16xf32>, %sz: index, %p: index, %f: f32) -> (tensor<?x16xf32>, tensor<?xf32>) {
  %s = tensor.extract_slice %t[%p, %p] [%sz, 1] [1, 1] : tensor<?x16xf32> to tensor<?xf32>
  %w = tensor.insert %f into %t[%p, %p] : tensor<?x16xf32>
  %r = linalg.fill ins(%f : f32) outs(%s : tensor<?xf32>) -> tensor<?xf32>
  return %w, %r : tensor<?x16xf32>, tensor<?xf32>
}
