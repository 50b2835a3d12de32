// RUN: strata-opt --one-shot-bufferize=bufferize-function-boundaries %s | FileCheck %s
// RUN: strata-opt --one-shot-bufferize="bufferize-function-boundaries test-analysis-only" %s | FileCheck %s --check-prefix=ANALYSIS

// One-shot bufferization of arith.select and arith.index_cast on tensors.

// The select reads neither operand: the copies of the out-of-place
// slices it selects between are omitted, the result being overwritten
// whole before anything reads it.
func.func @select_unread_copies(%t: tensor<12xf32> {bufferization.writable = true}, %v: vector<2xf32>, %cond: i1) -> (tensor<2xf32>, tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %a = tensor.extract_slice %t[0][2][1] : tensor<12xf32> to tensor<2xf32>
  %b = tensor.extract_slice %t[8][2][1] : tensor<12xf32> to tensor<2xf32>
  %s = arith.select %cond, %a, %b : tensor<2xf32>
  %r = tensor.extract_slice %t[8][4][1] : tensor<12xf32> to tensor<4xf32>
  %w = vector.transfer_write %v, %s[%c0] : vector<2xf32>, tensor<2xf32>
  return %w, %r : tensor<2xf32>, tensor<4xf32>
}

// A result that is read keeps the copies.
func.func @select_read_copies(%t: tensor<12xf32> {bufferization.writable = true}, %cond: i1, %i: index, %f: f32) -> (tensor<2xf32>, tensor<4xf32>) {
  %a = tensor.extract_slice %t[0][2][1] : tensor<12xf32> to tensor<2xf32>
  %b = tensor.extract_slice %t[8][2][1] : tensor<12xf32> to tensor<2xf32>
  %s = arith.select %cond, %a, %b : tensor<2xf32>
  %r = tensor.extract_slice %t[8][4][1] : tensor<12xf32> to tensor<4xf32>
  %w = tensor.insert %f into %s[%i] : tensor<2xf32>
  return %w, %r : tensor<2xf32>, tensor<4xf32>
}

// index_cast views its operand's buffer with the other element type; its
// result is equivalent to the argument.
func.func @index_cast(%t: tensor<i32>, %s: i32) -> (tensor<index>, index) {
  %0 = arith.index_cast %t : tensor<i32> to tensor<index>
  %1 = arith.index_cast %s : i32 to index
  return %0, %1 : tensor<index>, index
}

// A write into the cast tensor while the operand is read later makes the
// result a copy.
func.func @index_cast_copy(%t: tensor<?xi32>, %i: index) -> (tensor<?xindex>, i32) {
  %c = arith.constant 1 : index
  %0 = arith.index_cast %t : tensor<?xi32> to tensor<?xindex>
  %1 = tensor.insert %c into %0[%i] : tensor<?xindex>
  %e = tensor.extract %t[%i] : tensor<?xi32>
  return %1, %e : tensor<?xindex>, i32
}

// CHECK-LABEL: func.func @select_unread_copies
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %subview = memref.subview %arg0[0] [2] [1] : memref<12xf32, strided<[?], offset: ?>> to memref<2xf32, strided<[?], offset: ?>>
// CHECK-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<2xf32>
// CHECK-NEXT: %subview_0 = memref.subview %arg0[8] [2] [1] : memref<12xf32, strided<[?], offset: ?>> to memref<2xf32, strided<[?], offset: ?>>
// CHECK-NEXT: %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<2xf32>
// CHECK-NEXT: %0 = arith.select %arg2, %alloc, %alloc_1 : memref<2xf32>
// CHECK-NEXT: %subview_2 = memref.subview %arg0[8] [4] [1] : memref<12xf32, strided<[?], offset: ?>> to memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT: vector.transfer_write %arg1, %0[%c0] : vector<2xf32>, memref<2xf32>
// CHECK-NEXT: %cast = memref.cast %0 : memref<2xf32> to memref<2xf32, strided<[?], offset: ?>>
// CHECK-NEXT: return %0, %subview_2 : memref<2xf32>, memref<4xf32, strided<[?], offset: ?>>
// CHECK-LABEL: func.func @select_read_copies
// CHECK-NEXT: %subview = memref.subview %arg0[0] [2] [1] : memref<12xf32, strided<[?], offset: ?>> to memref<2xf32, strided<[?], offset: ?>>
// CHECK-NEXT: %alloc = memref.alloc() {alignment = 64 : i64} : memref<2xf32>
// CHECK-NEXT: memref.copy %subview, %alloc : memref<2xf32, strided<[?], offset: ?>> to memref<2xf32>
// CHECK-NEXT: %subview_0 = memref.subview %arg0[8] [2] [1] : memref<12xf32, strided<[?], offset: ?>> to memref<2xf32, strided<[?], offset: ?>>
// CHECK-NEXT: %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<2xf32>
// CHECK-NEXT: memref.copy %subview_0, %alloc_1 : memref<2xf32, strided<[?], offset: ?>> to memref<2xf32>
// CHECK-NEXT: %0 = arith.select %arg1, %alloc, %alloc_1 : memref<2xf32>
// CHECK-NEXT: %subview_2 = memref.subview %arg0[8] [4] [1] : memref<12xf32, strided<[?], offset: ?>> to memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT: memref.store %arg3, %0[%arg2] : memref<2xf32>
// CHECK-NEXT: %cast = memref.cast %0 : memref<2xf32> to memref<2xf32, strided<[?], offset: ?>>
// CHECK-NEXT: return %0, %subview_2 : memref<2xf32>, memref<4xf32, strided<[?], offset: ?>>
// CHECK-LABEL: func.func @index_cast
// CHECK-NEXT: %0 = arith.index_cast %arg0 : memref<i32, strided<[], offset: ?>> to memref<index, strided<[], offset: ?>>
// CHECK-NEXT: %1 = arith.index_cast %arg1 : i32 to index
// CHECK-NEXT: return %0, %1 : memref<index, strided<[], offset: ?>>, index
// CHECK-LABEL: func.func @index_cast_copy
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %0 = arith.index_cast %arg0 : memref<?xi32, strided<[?], offset: ?>> to memref<?xindex, strided<[?], offset: ?>>
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %dim = memref.dim %0, %c0 : memref<?xindex, strided<[?], offset: ?>>
// CHECK-NEXT: %alloc = memref.alloc(%dim) {alignment = 64 : i64} : memref<?xindex>
// CHECK-NEXT: memref.copy %0, %alloc : memref<?xindex, strided<[?], offset: ?>> to memref<?xindex>
// CHECK-NEXT: memref.store %c1, %alloc[%arg1] : memref<?xindex>
// CHECK-NEXT: %1 = memref.load %arg0[%arg1] : memref<?xi32, strided<[?], offset: ?>>
// CHECK-NEXT: %cast = memref.cast %alloc : memref<?xindex> to memref<?xindex, strided<[?], offset: ?>>
// CHECK-NEXT: return %alloc, %1 : memref<?xindex>, i32

// ANALYSIS-LABEL: func.func @select_unread_copies
// ANALYSIS: %0 = arith.select %arg2, %extracted_slice, %extracted_slice_0 {__inplace_operands_attr__ = ["none", "true", "true"]} : tensor<2xf32>
// ANALYSIS: return {__inplace_operands_attr__ = ["true", "true"]} %1, %extracted_slice_1 : tensor<2xf32>, tensor<4xf32>
// ANALYSIS-LABEL: func.func @select_read_copies
// ANALYSIS: %0 = arith.select %arg1, %extracted_slice, %extracted_slice_0 {__inplace_operands_attr__ = ["none", "true", "true"]} : tensor<2xf32>
// ANALYSIS: return {__inplace_operands_attr__ = ["true", "true"]} %inserted, %extracted_slice_1 : tensor<2xf32>, tensor<4xf32>
// ANALYSIS-LABEL: func.func @index_cast
// ANALYSIS: %0 = arith.index_cast %arg0 {__inplace_operands_attr__ = ["true"]} : tensor<i32> to tensor<index>
// ANALYSIS: return {__equivalent_func_args__ = [0, -1], __inplace_operands_attr__ = ["true", "none"]} %0, %1 : tensor<index>, index
// ANALYSIS-LABEL: func.func @index_cast_copy
// ANALYSIS: %0 = arith.index_cast %arg0 {__inplace_operands_attr__ = ["false"]} : tensor<?xi32> to tensor<?xindex>
// ANALYSIS: return {__inplace_operands_attr__ = ["true", "none"]} %inserted, %extracted : tensor<?xindex>, i32
