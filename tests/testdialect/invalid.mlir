// RUN: strata-opt --split-input-file --verify-diagnostics %s

// The test dialect's verifiers: upstream's constraints and messages.

func.func @copy_of_tensor(%t: tensor<4xf32>, %m: memref<4xf32>) {
  // expected-error@+1 {{'test.copy' op operand #0 must be ranked or unranked memref of any type values, but got 'tensor<4xf32>'}}
  "test.copy"(%t, %m) : (tensor<4xf32>, memref<4xf32>) -> ()
  return
}

// -----

func.func @copy_arity(%m: memref<4xf32>) {
  // expected-error@+1 {{'test.copy' op expected 2 operands, but found 1}}
  "test.copy"(%m) : (memref<4xf32>) -> ()
  return
}

// -----

func.func @region_if_regions(%m: memref<4xf32>) {
  // expected-error@+1 {{'test.region_if' op expected 3 regions}}
  "test.region_if"(%m) ({
    "test.region_if_yield"() : () -> ()
  }) : (memref<4xf32>) -> ()
  return
}

// -----

func.func @region_if_operands(%m: memref<4xf32>) {
  test.region_if %m, %m : memref<4xf32> -> memref<4xf32> then {
    test.region_if_yield %m : memref<4xf32>
  } else {
    test.region_if_yield %m : memref<4xf32>
  } join {
    test.region_if_yield %m : memref<4xf32>
  }
  // expected-error@+1 {{custom op 'test.region_if' number of operands and types do not match: got 2 operands and 1 types}}
  return
}

// -----

func.func @region_if_keyword(%m: memref<4xf32>) {
  // expected-error@+1 {{expected 'then'}}
  %0 = test.region_if %m : memref<4xf32> -> memref<4xf32> than {
    test.region_if_yield %m : memref<4xf32>
  }
  return
}

// -----

func.func @one_region_blocks() {
  // expected-error@+1 {{'test.one_region_with_recursive_memory_effects' op region #0 ('body') failed to verify constraint: region with 1 blocks}}
  %0 = "test.one_region_with_recursive_memory_effects"() ({
  }) : () -> i32
  return
}

// -----

func.func @side_effect_result() {
  // expected-error@+1 {{'test.side_effect_op' op requires one result}}
  "test.side_effect_op"() : () -> ()
  return
}

// -----

func.func @unknown_custom(%m: memref<4xf32>) {
  // expected-error@+1 {{custom op 'test.unknown' is unknown}}
  test.unknown %m : memref<4xf32>
  return
}

// -----

func.func @dummy_tensor_of_memref(%t: tensor<4xf64>) {
  // expected-error@+1 {{'test.dummy_tensor_op' op result #0 must be TensorLikeType instance, but got 'memref<4xf32>'}}
  %0 = "test.dummy_tensor_op"(%t) : (tensor<4xf64>) -> memref<4xf32>
  return
}

// -----

func.func @dummy_memref_of_tensor(%t: !test.test_tensor<[4], f64>) {
  // expected-error@+1 {{'test.dummy_memref_op' op operand #0 must be BufferLikeType instance, but got '!test.test_tensor<[4], f64>'}}
  %0 = "test.dummy_memref_op"(%t) : (!test.test_tensor<[4], f64>) -> !test.test_memref<[4], f64>
  return
}

// -----

func.func @create_memref_of_tensor() {
  // expected-error@+1 {{'test.create_memref_op' op result #0 must be BufferLikeType instance, but got '!test.test_tensor<[4], f64>'}}
  %0 = "test.create_memref_op"() : () -> !test.test_tensor<[4], f64>
  return
}

// -----

func.func @to_buffer_shape(%t: !test.test_tensor<[4], f64>) {
  // expected-error@+1 {{'bufferization.to_buffer' op failed to verify that specified tensor and buffer types match}}
  %0 = bufferization.to_buffer %t : !test.test_tensor<[4], f64> to !test.test_memref<[5], f64>
  return
}

// -----

func.func @to_tensor_element(%m: !test.test_memref<[4], f32>) {
  // expected-error@+1 {{'bufferization.to_tensor' op failed to verify that specified tensor and buffer types match}}
  %0 = bufferization.to_tensor %m : !test.test_memref<[4], f32> to !test.test_tensor<[4], f64>
  return
}

// -----

func.func @to_tensor_of_tensor(%m: !test.test_tensor<[4], f64>) {
  // expected-error@+1 {{'bufferization.to_tensor' op operand #0 must be BufferLikeType instance, but got '!test.test_tensor<[4], f64>'}}
  %0 = bufferization.to_tensor %m : !test.test_tensor<[4], f64> to !test.test_tensor<[4], f64>
  return
}
