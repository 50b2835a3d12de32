// RUN: strata-opt --split-input-file --one-shot-bufferize=bufferize-function-boundaries %s | FileCheck %s
// RUN: strata-opt --split-input-file --one-shot-bufferize="test-analysis-only bufferize-function-boundaries" %s | FileCheck %s --check-prefix=ANALYSIS

// vector.mask around transfers on tensors: the masked write happens in
// the buffer of its destination, inside the rebuilt vector.mask, whose
// tensor result is that buffer (equivalent to the function's argument);
// a masked read reads the buffer of its source.

// CHECK-LABEL: func.func @mask_write
// CHECK-NEXT: vector.mask %arg3 { vector.transfer_write %arg1, %arg0[%arg2] : vector<16xf32>, memref<?xf32, strided<[?], offset: ?>> } : vector<16xi1>
// CHECK-NEXT: return %arg0
// ANALYSIS-LABEL: func.func @mask_write
// ANALYSIS: vector.transfer_write %arg1, %arg0[%arg2] {__inplace_operands_attr__ = ["none", "true", "none"]}
// ANALYSIS: return {__equivalent_func_args__ = [0], __inplace_operands_attr__ = ["true"]}
func.func @mask_write(%t0: tensor<?xf32>, %val: vector<16xf32>, %idx: index, %m0: vector<16xi1>) -> tensor<?xf32> {
  %0 = vector.mask %m0 { vector.transfer_write %val, %t0[%idx] : vector<16xf32>, tensor<?xf32> } : vector<16xi1> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// CHECK-LABEL: func.func @mask_read
// CHECK: %0 = vector.mask %arg2, %arg3 { vector.transfer_read %arg0[%arg1], %cst : memref<?xf32, strided<[?], offset: ?>>, vector<16xf32> } : vector<16xi1> -> vector<16xf32>
func.func @mask_read(%t0: tensor<?xf32>, %idx: index, %m0: vector<16xi1>, %p: vector<16xf32>) -> vector<16xf32> {
  %f = arith.constant 0.0 : f32
  %0 = vector.mask %m0, %p { vector.transfer_read %t0[%idx], %f : tensor<?xf32>, vector<16xf32> } : vector<16xi1> -> vector<16xf32>
  return %0 : vector<16xf32>
}

// -----

// CHECK-LABEL: func.func @mask_write_then_read
// CHECK-NEXT: %cst = arith.constant
// CHECK-NEXT: vector.mask %arg3 { vector.transfer_write %arg1, %arg0[%arg2] : vector<16xf32>, memref<?xf32, strided<[?], offset: ?>> } : vector<16xi1>
// CHECK-NEXT: %0 = vector.transfer_read %arg0[%arg2], %cst
// ANALYSIS-LABEL: func.func @mask_write_then_read
// ANALYSIS: return {__equivalent_func_args__ = [0, -1], __inplace_operands_attr__ = ["true", "none"]}
func.func @mask_write_then_read(%t0: tensor<?xf32> {bufferization.writable = true}, %val: vector<16xf32>, %idx: index, %m0: vector<16xi1>) -> (tensor<?xf32>, vector<16xf32>) {
  %f = arith.constant 0.0 : f32
  %0 = vector.mask %m0 { vector.transfer_write %val, %t0[%idx] : vector<16xf32>, tensor<?xf32> } : vector<16xi1> -> tensor<?xf32>
  %1 = vector.transfer_read %0[%idx], %f : tensor<?xf32>, vector<16xf32>
  return %0, %1 : tensor<?xf32>, vector<16xf32>
}
