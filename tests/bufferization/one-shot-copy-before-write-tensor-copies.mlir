// RUN: strata-opt --one-shot-bufferize="dialect-filter=linalg,bufferization copy-before-write" -split-input-file %s | FileCheck %s --check-prefix=FILTER
// RUN: strata-opt --one-shot-bufferize="copy-before-write" -split-input-file %s | FileCheck %s

// copy-before-write makes its copies on tensors, as bufferization.alloc_tensor
// operations, before anything is rewritten: every operand that is written
// is replaced by a new tensor, a copy of it unless the write overwrites it
// all. The new tensor's sizes are computed on tensors: those that the
// definition of the copied tensor states, else tensor.dim of it, which
// dialect-filter leaves on tensors.

// FILTER-LABEL: func.func @fill_dynamic
// FILTER-NOT: bufferization.to_buffer
// FILTER: %[[D:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?xf32>
// FILTER-NEXT: %[[A:.*]] = memref.alloc(%[[D]]) {alignment = 64 : i64} : memref<?xf32>
// FILTER-NEXT: linalg.fill ins(%{{.*}} : f32) outs(%[[A]] : memref<?xf32>)
// CHECK-LABEL: func.func @fill_dynamic
// CHECK: %[[B:.*]] = bufferization.to_buffer %arg0
// CHECK: %[[D:.*]] = memref.dim %[[B]], %{{.*}}
// CHECK-NEXT: %[[A:.*]] = memref.alloc(%[[D]]) {alignment = 64 : i64} : memref<?xf32>
// CHECK-NEXT: linalg.fill ins(%{{.*}} : f32) outs(%[[A]] : memref<?xf32>)
func.func @fill_dynamic(%t: tensor<?xf32>) -> tensor<?xf32> {
  %c = arith.constant 0.0 : f32
  %r = linalg.fill ins(%c : f32) outs(%t : tensor<?xf32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// The new tensor that takes the place of an empty tensor has the sizes
// tensor.empty states; the empty tensor is then unused, and no buffer is
// made for it.
// FILTER-LABEL: func.func @empty_init
// FILTER: tensor.empty(%arg1) : tensor<?xf32>
// FILTER-NEXT: %[[A:.*]] = memref.alloc(%arg1) {alignment = 64 : i64} : memref<?xf32>
// FILTER-NEXT: linalg.generic {{.*}} outs(%[[A]] : memref<?xf32>)
// CHECK-LABEL: func.func @empty_init
// CHECK-NOT: tensor.empty
// CHECK: %[[A:.*]] = memref.alloc(%arg1) {alignment = 64 : i64} : memref<?xf32>
// CHECK-NOT: memref.alloc
// CHECK: linalg.generic {{.*}} outs(%[[A]] : memref<?xf32>)
func.func @empty_init(%t: tensor<?xf32>, %n: index) -> tensor<?xf32> {
  %e = tensor.empty(%n) : tensor<?xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%t : tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %x = math.exp %in : f32
    linalg.yield %x : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// The copy of the init is made before the operation is rewritten, so its
// argument's to_buffer comes first, and each later one is put before it.
// FILTER-LABEL: func.func @dot
// FILTER-NEXT: %[[X0:.*]] = bufferization.to_buffer %arg0
// FILTER-NEXT: %[[X1:.*]] = bufferization.to_buffer %arg0
// FILTER-NEXT: %[[I:.*]] = bufferization.to_buffer %arg1
// FILTER-NEXT: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<f32>
// FILTER-NEXT: memref.copy %[[I]], %[[A]]
// FILTER-NEXT: linalg.dot ins(%[[X1]], %[[X0]] : {{.*}}) outs(%[[A]] : memref<f32>)
// CHECK-LABEL: func.func @dot
// CHECK-NEXT: %[[X0:.*]] = bufferization.to_buffer %arg0
// CHECK-NEXT: %[[X1:.*]] = bufferization.to_buffer %arg0
// CHECK-NEXT: %[[I:.*]] = bufferization.to_buffer %arg1
// CHECK-NEXT: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<f32>
// CHECK-NEXT: memref.copy %[[I]], %[[A]]
// CHECK-NEXT: linalg.dot ins(%[[X1]], %[[X0]] : {{.*}}) outs(%[[A]] : memref<f32>)
func.func @dot(%x: tensor<4xf32>, %init: tensor<f32>) -> tensor<f32> {
  %r = linalg.dot ins(%x, %x : tensor<4xf32>, tensor<4xf32>) outs(%init : tensor<f32>) -> tensor<f32>
  return %r : tensor<f32>
}

// -----

// A slice states its sizes: the new tensor that takes the place of an
// init that is a slice has them.
// FILTER-LABEL: func.func @slice_init
// FILTER: %[[S:.*]] = tensor.extract_slice %arg0[0] [%arg1] [1]
// FILTER-NEXT: %[[A:.*]] = memref.alloc(%arg1) {alignment = 64 : i64} : memref<?xf32>
// FILTER-NEXT: linalg.fill ins(%{{.*}} : f32) outs(%[[A]] : memref<?xf32>)
// CHECK-LABEL: func.func @slice_init
// CHECK: %[[A:.*]] = memref.alloc(%arg1) {alignment = 64 : i64} : memref<?xf32>
// CHECK-NEXT: linalg.fill ins(%{{.*}} : f32) outs(%[[A]] : memref<?xf32>)
func.func @slice_init(%t: tensor<?xf32>, %n: index) -> tensor<?xf32> {
  %c = arith.constant 0.0 : f32
  %s = tensor.extract_slice %t[0] [%n] [1] : tensor<?xf32> to tensor<?xf32>
  %r = linalg.fill ins(%c : f32) outs(%s : tensor<?xf32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// A cast to an unranked tensor that only an operation left on tensors
// uses is not copied.
// CHECK-LABEL: func.func @cast_to_unranked
// CHECK-NOT: memref.alloc
// CHECK: memref.cast %{{.*}} : memref<2xf32, strided<[?], offset: ?>> to memref<*xf32>
func.func @cast_to_unranked(%t: tensor<2xf32>) -> tensor<*xf32> {
  %u = tensor.cast %t : tensor<2xf32> to tensor<*xf32>
  return %u : tensor<*xf32>
}
