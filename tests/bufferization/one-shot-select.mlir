// RUN: strata-opt --one-shot-bufferize=bufferize-function-boundaries %s | FileCheck %s

// arith.select of tensors selects between their buffers; buffers of
// different layouts are cast to the fully dynamic one first.

// CHECK-LABEL: func.func @same_layout
// CHECK-NEXT: %[[S:.*]] = arith.select %arg0, %arg1, %arg2 : memref<8xf32, strided<[?], offset: ?>>
// CHECK-NEXT: memref.load %[[S]][%arg3]
func.func @same_layout(%c: i1, %a: tensor<8xf32>, %b: tensor<8xf32>, %i: index) -> f32 {
  %s = arith.select %c, %a, %b : tensor<8xf32>
  %x = tensor.extract %s[%i] : tensor<8xf32>
  return %x : f32
}

// CHECK-LABEL: func.func @mixed_layouts
// CHECK: %[[A:.*]] = memref.alloc(%arg2)
// CHECK-NEXT: %[[C:.*]] = memref.cast %[[A]] : memref<?xf32> to memref<?xf32, strided<[?], offset: ?>>
// CHECK-NEXT: arith.select %arg0, %arg1, %[[C]] : memref<?xf32, strided<[?], offset: ?>>
func.func @mixed_layouts(%c: i1, %a: tensor<?xf32>, %n: index, %i: index) -> f32 {
  %e = bufferization.alloc_tensor(%n) : tensor<?xf32>
  %s = arith.select %c, %a, %e : tensor<?xf32>
  %x = tensor.extract %s[%i] : tensor<?xf32>
  return %x : f32
}

// The selected buffer is written while %a is read afterwards: %a is
// copied before the select.
// CHECK-LABEL: func.func @write_selected
// CHECK: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
// CHECK-NEXT: memref.copy %arg1, %[[A]]
// CHECK-NEXT: %[[C:.*]] = memref.cast %[[A]]
// CHECK-NEXT: %[[S:.*]] = arith.select %arg0, %[[C]], %arg2
// CHECK-NEXT: memref.store %arg3, %[[S]][%arg4]
// CHECK-NEXT: memref.load %arg1[%arg4]
func.func @write_selected(%c: i1, %a: tensor<8xf32>, %b: tensor<8xf32>, %f: f32, %i: index) -> (tensor<8xf32>, f32) {
  %s = arith.select %c, %a, %b : tensor<8xf32>
  %w = tensor.insert %f into %s[%i] : tensor<8xf32>
  %x = tensor.extract %a[%i] : tensor<8xf32>
  return %w, %x : tensor<8xf32>, f32
}
