// RUN: strata-opt %s | FileCheck %s

// The tensor-like and buffer-like types. A builtin tensor's buffer may be
// any buffer-like type; a !test.test_memref must match a !test.test_tensor's
// shape and element type, and may have a memory space.

// CHECK-LABEL: func.func @types(
// CHECK-SAME: %arg0: tensor<4xf64>, %arg1: !test.test_tensor<[4, 2], f64>, %arg2: !test.test_memref<[4], f64, 1 : i64>)
// CHECK-NEXT: bufferization.to_buffer %arg0 : tensor<4xf64> to !test.test_memref<[4], f64>
// CHECK-NEXT: bufferization.to_buffer %arg1 : !test.test_tensor<[4, 2], f64> to memref<4x2xf64>
// CHECK-NEXT: bufferization.to_buffer %arg1 : !test.test_tensor<[4, 2], f64> to !test.test_memref<[4, 2], f64>
// CHECK-NEXT: bufferization.to_tensor %arg2 : !test.test_memref<[4], f64, 1 : i64> to !test.test_tensor<[4], f64>
func.func @types(%t: tensor<4xf64>, %u: !test.test_tensor<[4, 2], f64>, %m: !test.test_memref<[4], f64, 1>) {
  %0 = bufferization.to_buffer %t : tensor<4xf64> to !test.test_memref<[4], f64>
  %1 = bufferization.to_buffer %u : !test.test_tensor<[4, 2], f64> to memref<4x2xf64>
  %2 = bufferization.to_buffer %u : !test.test_tensor<[4, 2], f64> to !test.test_memref<[4, 2], f64>
  %3 = bufferization.to_tensor %m : !test.test_memref<[4], f64, 1> to !test.test_tensor<[4], f64>
  return
}

// The test dialect's other types, which Strata does not define, stay
// opaque, as in a namespace without types.

// CHECK-LABEL: func.func private @opaque(!test.memref_element, tensor<2x!test.memref_element>)
func.func private @opaque(!test.memref_element, tensor<2x!test.memref_element>)
