// RUN: strata-opt --one-shot-bufferize="bufferize-function-boundaries" --split-input-file %s | FileCheck %s
// RUN: strata-opt --one-shot-bufferize="allow-unknown-ops" --split-input-file %s | FileCheck %s --check-prefix=NOBOUNDARY
// RUN: strata-opt --one-shot-bufferize="bufferize-function-boundaries test-analysis-only dump-alias-sets" --split-input-file %s | FileCheck %s --check-prefix=ANALYSIS

// A dialect type with a tensor-like model bufferizes into the buffer-like
// type its model chooses: !test.test_tensor into !test.test_memref of the
// same shape and element type. With function boundaries the signatures,
// calls and returns carry the buffers; without them, an argument is read
// through bufferization.to_buffer and a result goes back through
// bufferization.to_tensor. The in-place analysis decides builtin tensors
// only: tensor-like values of other types get no annotation.

// CHECK-LABEL: func.func @custom_types(
// CHECK-SAME: %[[ARG:.*]]: !test.test_memref<[4, 4], f64>) -> (!test.test_memref<[4, 8], f64>, !test.test_memref<[4, 8], f64>)
// CHECK-NEXT: %[[OUT1:.*]] = "test.dummy_memref_op"(%[[ARG]]) : (!test.test_memref<[4, 4], f64>) -> !test.test_memref<[4, 8], f64>
// CHECK-NEXT: %[[NEW:.*]] = "test.create_memref_op"() : () -> !test.test_memref<[4, 4], f64>
// CHECK-NEXT: %[[OUT2:.*]] = "test.dummy_memref_op"(%[[NEW]])
// CHECK-NEXT: return %[[OUT1]], %[[OUT2]]

// NOBOUNDARY-LABEL: func.func @custom_types(
// NOBOUNDARY-SAME: %[[ARG:.*]]: !test.test_tensor<[4, 4], f64>)
// NOBOUNDARY-NEXT: %[[B:.*]] = bufferization.to_buffer %[[ARG]] : !test.test_tensor<[4, 4], f64> to !test.test_memref<[4, 4], f64>
// NOBOUNDARY-NEXT: %[[OUT1:.*]] = "test.dummy_memref_op"(%[[B]])
// NOBOUNDARY-NEXT: %[[T1:.*]] = bufferization.to_tensor %[[OUT1]] : !test.test_memref<[4, 8], f64> to !test.test_tensor<[4, 8], f64>
// NOBOUNDARY-NEXT: %[[NEW:.*]] = "test.create_memref_op"()
// NOBOUNDARY-NEXT: %[[OUT2:.*]] = "test.dummy_memref_op"(%[[NEW]])
// NOBOUNDARY-NEXT: %[[T2:.*]] = bufferization.to_tensor %[[OUT2]]
// NOBOUNDARY-NEXT: return %[[T1]], %[[T2]]

// ANALYSIS-LABEL: func.func @custom_types(
// ANALYSIS-SAME: %{{.*}}: !test.test_tensor<[4, 4], f64>)
// ANALYSIS-NEXT: "test.dummy_tensor_op"(%{{.*}}) : (
// ANALYSIS-NEXT: "test.create_tensor_op"() : () ->
func.func @custom_types(%arg: !test.test_tensor<[4, 4], f64>)
    -> (!test.test_tensor<[4, 8], f64>, !test.test_tensor<[4, 8], f64>) {
  %out1 = "test.dummy_tensor_op"(%arg) : (!test.test_tensor<[4, 4], f64>)
    -> !test.test_tensor<[4, 8], f64>
  %alloc = "test.create_tensor_op"() : () -> !test.test_tensor<[4, 4], f64>
  %out2 = "test.dummy_tensor_op"(%alloc) : (!test.test_tensor<[4, 4], f64>)
    -> !test.test_tensor<[4, 8], f64>
  return %out1, %out2 : !test.test_tensor<[4, 8], f64>, !test.test_tensor<[4, 8], f64>
}

// -----

// CHECK-LABEL: func.func @callee(
// CHECK-SAME: %{{.*}}: !test.test_memref<[4, 4], f64>) -> !test.test_memref<[4, 4], f64>
// CHECK-LABEL: func.func @caller(
// CHECK-SAME: %[[ARG:.*]]: !test.test_memref<[4, 4], f64>) -> !test.test_memref<[4, 8], f64>
// CHECK-NEXT: %[[CALL:.*]] = call @callee(%[[ARG]]) : (!test.test_memref<[4, 4], f64>) -> !test.test_memref<[4, 4], f64>
// CHECK-NEXT: %[[OUT:.*]] = "test.dummy_memref_op"(%[[CALL]])
// CHECK-NEXT: return %[[OUT]]
func.func @callee(%arg: !test.test_tensor<[4, 4], f64>) -> !test.test_tensor<[4, 4], f64> {
  %out = "test.dummy_tensor_op"(%arg) : (!test.test_tensor<[4, 4], f64>) -> !test.test_tensor<[4, 4], f64>
  return %out : !test.test_tensor<[4, 4], f64>
}

func.func @caller(%arg: !test.test_tensor<[4, 4], f64>) -> !test.test_tensor<[4, 8], f64> {
  %call = func.call @callee(%arg) : (!test.test_tensor<[4, 4], f64>) -> !test.test_tensor<[4, 4], f64>
  %out = "test.dummy_tensor_op"(%call) : (!test.test_tensor<[4, 4], f64>) -> !test.test_tensor<[4, 8], f64>
  return %out : !test.test_tensor<[4, 8], f64>
}
