// RUN: strata-opt --split-input-file --verify-diagnostics %s

// The destination-style interface ties each tensor init to a result of the
// same type. It is checked once the operation's regions are verified, so
// the operation's own verifier and the operations nested in it come first.

func.func @generic_result_type(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error@+1 {{'linalg.generic' op expected type of operand #1 ('tensor<4xf32>') to match type of corresponding result ('tensor<4xf64>')}}
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

func.func @matmul_result_type(%m: memref<?x?xf32>, %t: tensor<?x?xf32>) {
  // expected-error@+1 {{expected type of operand #2 ('tensor<?x?xf32>') to match type of corresponding result ('tensor<?xf32>')}}
  %0 = linalg.matmul ins(%m, %m : memref<?x?xf32>, memref<?x?xf32>)
                     outs(%t : tensor<?x?xf32>) -> tensor<?xf32>
  return
}

// -----

// The nested operations are verified first: the yield's error is reported,
// not the generic's.
func.func @nested_first(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf64> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    %c = arith.constant 0 : i32
    // expected-error@+1 {{'linalg.yield' op type of yield operand 1 ('i32') doesn't match the element type of the enclosing linalg.generic op ('f32')}}
    linalg.yield %c : i32
  } -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// It is checked before the enclosing block's terminator.
func.func @fill_without_result(%arg0 : index, %arg1 : index, %arg2 : f32) {
  %0 = tensor.empty(%arg0, %arg1) : tensor<?x?xf32>
  // expected-error@+1 {{'linalg.fill' op expected the number of tensor results (0) to be equal to the number of output tensors (1)}}
  linalg.fill ins(%arg2 : f32) outs(%0 : tensor<?x?xf32>)
}

// -----

func.func @fill_memref_with_result(%arg0 : memref<?x?xf32>, %arg1 : f32) -> tensor<?x?xf32> {
  // expected-error@+1 {{'linalg.fill' op expected the number of tensor results (1) to be equal to the number of output tensors (0)}}
  %0 = linalg.fill ins(%arg1 : f32) outs(%arg0 : memref<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

func.func @softmax_result_type(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> tensor<4x4xf64> {
  // expected-error@+1 {{'linalg.softmax' op expected type of operand #1 ('tensor<4x4xf32>') to match type of corresponding result ('tensor<4x4xf64>')}}
  %0 = linalg.softmax dimension(1) ins(%a : tensor<4x4xf32>) outs(%b : tensor<4x4xf32>) -> tensor<4x4xf64>
  return %0 : tensor<4x4xf64>
}

// -----

func.func @transfer_write_result_type(%v: vector<4xf32>, %b: tensor<4xf32>) -> tensor<4xf64> {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{'vector.transfer_write' op expected type of operand #1 ('tensor<4xf32>') to match type of corresponding result ('tensor<4xf64>')}}
  %0 = "vector.transfer_write"(%v, %b, %c0) <{in_bounds = [true], operandSegmentSizes = array<i32: 1, 1, 1, 0>, permutation_map = affine_map<(d0) -> (d0)>}> : (vector<4xf32>, tensor<4xf32>, index) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// The transfer's own verifier comes first.
func.func @transfer_write_own_verifier_first(%v: vector<4xf32>, %b: tensor<4x4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{'vector.transfer_write' op requires 2 indices}}
  %0 = "vector.transfer_write"(%v, %b, %c0) <{in_bounds = [true], operandSegmentSizes = array<i32: 1, 1, 1, 0>, permutation_map = affine_map<(d0, d1) -> (d1)>}> : (vector<4xf32>, tensor<4x4xf32>, index) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @transfer_write_memref_with_result(%v: vector<4xf32>, %b: memref<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{'vector.transfer_write' op expected the number of tensor results (1) to be equal to the number of output tensors (0)}}
  %0 = "vector.transfer_write"(%v, %b, %c0) <{in_bounds = [true], operandSegmentSizes = array<i32: 1, 1, 1, 0>, permutation_map = affine_map<(d0) -> (d0)>}> : (vector<4xf32>, memref<4xf32>, index) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @forall_result_type(%b: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error@+1 {{'scf.forall' op expected type of operand #0 ('tensor<4xf32>') to match type of corresponding result ('tensor<4xf64>')}}
  %0 = "scf.forall"(%b) <{operandSegmentSizes = array<i32: 0, 0, 0, 1>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 4>}> ({
  ^bb0(%i: index, %o: tensor<4xf32>):
    scf.forall.in_parallel {
    }
  }) : (tensor<4xf32>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}
