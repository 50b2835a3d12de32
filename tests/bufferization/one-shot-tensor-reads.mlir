// RUN: strata-opt --one-shot-bufferize="bufferize-function-boundaries test-analysis-only" --split-input-file %s | FileCheck %s

// tensor.dim and tensor.rank read the shape only: the insert into %t
// before them stays in place and %t is read-write through the insert
// alone.
// CHECK-LABEL: func.func @dim_rank_not_reading
// CHECK: tensor.insert {{.*}} {__inplace_operands_attr__ = ["none", "true", "none"]}
func.func @dim_rank_not_reading(%t: tensor<?xf32>, %f: f32, %pos: index) -> (tensor<?xf32>, index, index) {
  %c0 = arith.constant 0 : index
  %0 = tensor.insert %f into %t[%pos] : tensor<?xf32>
  %1 = tensor.dim %t, %c0 : tensor<?xf32>
  %2 = tensor.rank %t : tensor<?xf32>
  return %0, %1, %2 : tensor<?xf32>, index, index
}

// -----

// An insert_slice that overwrites its whole destination does not read it:
// %t is only written.
// CHECK-LABEL: func.func @full_overwrite
// CHECK-SAME: {bufferization.access = "write"}
func.func @full_overwrite(%t: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %c0 = arith.constant 0 : index
  %0 = tensor.insert_slice %b into %t[%c0, 0][2, 3][1, 1] : tensor<2x3xf32> into tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// A partial insert_slice, one with a dynamic destination and one with a
// non-unit stride read their destinations.
// CHECK-LABEL: func.func @partial_overwrites
// CHECK-SAME: {bufferization.access = "read-write"}
// CHECK-SAME: {bufferization.access = "read-write"}
// CHECK-SAME: {bufferization.access = "read-write"}
func.func @partial_overwrites(%t: tensor<4xf32>, %d: tensor<?xf32>, %s: tensor<4xf32>, %b: tensor<2xf32>, %n: index)
    -> (tensor<4xf32>, tensor<?xf32>, tensor<4xf32>) {
  %0 = tensor.insert_slice %b into %t[0][2][1] : tensor<2xf32> into tensor<4xf32>
  %1 = tensor.insert_slice %b into %d[0][2][1] : tensor<2xf32> into tensor<?xf32>
  %2 = tensor.insert_slice %b into %s[0][2][2] : tensor<2xf32> into tensor<4xf32>
  return %0, %1, %2 : tensor<4xf32>, tensor<?xf32>, tensor<4xf32>
}

// -----

// tensor.collapse_shape may copy its source, so it reads it: the insert
// before it goes out of place.
// CHECK-LABEL: func.func @collapse_reads
// CHECK: tensor.insert {{.*}} {__inplace_operands_attr__ = ["none", "false", "none", "none"]}
func.func @collapse_reads(%t: tensor<10x20xf32>, %f: f32, %idx: index) -> tensor<30xf32> {
  %0 = tensor.extract_slice %t[2, 3][5, 6][1, 1] : tensor<10x20xf32> to tensor<5x6xf32>
  %1 = tensor.insert %f into %0[%idx, %idx] : tensor<5x6xf32>
  %2 = tensor.collapse_shape %0 [[0, 1]] : tensor<5x6xf32> into tensor<30xf32>
  return %2 : tensor<30xf32>
}

// -----

// tensor.reshape is analysed: its result is its source's buffer, and the
// shape is read.
// CHECK-LABEL: func.func @reshape_analysis
// CHECK: tensor.reshape {{.*}} {__inplace_operands_attr__ = ["false", "true"]}
func.func @reshape_analysis(%t: tensor<?xf32>, %s: tensor<2xindex>, %f: f32, %i: index) -> (tensor<?x?xf32>, tensor<?xf32>) {
  %r = tensor.reshape %t(%s) : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %1 = tensor.insert %f into %t[%i] : tensor<?xf32>
  return %r, %1 : tensor<?x?xf32>, tensor<?xf32>
}
