// RUN: strata-opt --one-shot-bufferize=bufferize-function-boundaries %s | FileCheck %s

// The bottom-up analysis decides tensor.insert_slice, extract_slice and
// cast: later writes first, a view that would see a later write is copied,
// and a tile extracted from, computed in and inserted back into one subset
// stays a view of its tensor.

// CHECK-LABEL: func.func @insert_two_tiles
// CHECK-NOT: memref.alloc
// CHECK: %[[S0:.*]] = memref.subview %arg0[0] [8] [1]
// CHECK-NEXT: memref.copy %arg1, %[[S0]]
// CHECK-NEXT: %[[S1:.*]] = memref.subview %arg0[8] [8] [1]
// CHECK-NEXT: memref.copy %arg2, %[[S1]]
// CHECK-NEXT: return %arg0
func.func @insert_two_tiles(%d: tensor<16xf32>, %a: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<16xf32> {
  %0 = tensor.insert_slice %a into %d[0] [8] [1] : tensor<8xf32> into tensor<16xf32>
  %1 = tensor.insert_slice %b into %0[8] [8] [1] : tensor<8xf32> into tensor<16xf32>
  return %1 : tensor<16xf32>
}

// The cast's result is read by the insertion that writes its source: the
// result is copied, and the insertion writes %d in place.
// CHECK-LABEL: func.func @cast_read_by_insert
// CHECK: %[[C:.*]] = memref.cast %arg0 : memref<?xf32, strided<[?], offset: ?>> to memref<8xf32, strided<[?], offset: ?>>
// CHECK-NEXT: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
// CHECK-NEXT: memref.copy %[[C]], %[[A]]
// CHECK-NEXT: %[[S:.*]] = memref.subview %arg0[%arg1] [8] [1]
// CHECK-NEXT: memref.copy %[[A]], %[[S]]
// CHECK-NEXT: return %arg0
func.func @cast_read_by_insert(%d: tensor<?xf32>, %i: index) -> tensor<?xf32> {
  %c = tensor.cast %d : tensor<?xf32> to tensor<8xf32>
  %r = tensor.insert_slice %c into %d[%i] [8] [1] : tensor<8xf32> into tensor<?xf32>
  return %r : tensor<?xf32>
}

// CHECK-LABEL: func.func @slice_read_after_write
// CHECK: %[[S:.*]] = memref.subview %arg0[4] [4] [1]
// CHECK-NEXT: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT: memref.copy %[[S]], %[[A]]
// CHECK-NEXT: memref.store %arg1, %arg0[%arg2]
// CHECK-NEXT: memref.load %[[A]][%arg2]
func.func @slice_read_after_write(%d: tensor<16xf32>, %f: f32, %i: index) -> (tensor<16xf32>, f32) {
  %s = tensor.extract_slice %d[4] [4] [1] : tensor<16xf32> to tensor<4xf32>
  %w = tensor.insert %f into %d[%i] : tensor<16xf32>
  %x = tensor.extract %s[%i] : tensor<4xf32>
  return %w, %x : tensor<16xf32>, f32
}

// CHECK-LABEL: func.func @fill_slice_in_place
// CHECK-NOT: memref.alloc
// CHECK: %[[S:.*]] = memref.subview %arg0[0, 0] [4, 4] [1, 1]
// CHECK-NEXT: linalg.fill ins(%arg1 : f32) outs(%[[S]] : memref<4x4xf32, strided<[?, ?], offset: ?>>)
func.func @fill_slice_in_place(%d: tensor<16x16xf32>, %f: f32) -> tensor<16x16xf32> {
  %s = tensor.extract_slice %d[0, 0] [4, 4] [1, 1] : tensor<16x16xf32> to tensor<4x4xf32>
  %z = linalg.fill ins(%f : f32) outs(%s : tensor<4x4xf32>) -> tensor<4x4xf32>
  %r = tensor.insert_slice %z into %d[0, 0] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<16x16xf32>
  return %r : tensor<16x16xf32>
}
