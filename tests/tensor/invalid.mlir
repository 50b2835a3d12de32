// RUN: strata-opt --split-input-file --verify-diagnostics %s

// Verifier messages of the tensor dialect, as mlir-opt-22 reports them.

func.func @slice_offset_out_of_bounds(%t: tensor<8xf32>) {
  // expected-error@+1 {{offset 0 is out-of-bounds: 8 >= 8}}
  %0 = tensor.extract_slice %t[8][0][1] : tensor<8xf32> to tensor<0xf32>
  return
}

// -----

func.func @slice_out_of_bounds(%t: tensor<8xf32>) {
  // expected-error@+1 {{slice along dimension 0 runs out-of-bounds: 11 >= 8}}
  %0 = tensor.extract_slice %t[4][8][1] : tensor<8xf32> to tensor<8xf32>
  return
}

// -----

func.func @slice_ranks(%t: tensor<8xf32>) {
  // expected-error@+1 {{expected mixed offsets rank to match mixed sizes rank (2 vs 1) so the rank of the result type is well-formed.}}
  %0 = tensor.extract_slice %t[0, 1][8][1] : tensor<8xf32> to tensor<8xf32>
  return
}

// -----

func.func @negative_offset(%t: tensor<8xf32>) {
  // expected-error@+1 {{expected offsets to be non-negative, but got -1}}
  %0 = tensor.extract_slice %t[-1][8][1] : tensor<8xf32> to tensor<8xf32>
  return
}

// -----

func.func @noncontiguous(%t: tensor<8x4xf32>) {
  // expected-error@+1 {{'tensor.collapse_shape' op expected reassociation map #0 to be valid and contiguous.}}
  %0 = tensor.collapse_shape %t [[1, 0]] : tensor<8x4xf32> into tensor<32xf32>
  return
}

// -----

func.func @short_reassociation(%t: tensor<8x4xf32>) {
  // expected-error@+1 {{'tensor.collapse_shape' op expected reassociation map #0 to have size equal to the expanded rank (2), but it is  1.}}
  %0 = tensor.collapse_shape %t [[0]] : tensor<8x4xf32> into tensor<32xf32>
  return
}

// -----

func.func @collapse_element_type(%t: tensor<8x4xf32>) {
  // expected-error@+1 {{'tensor.collapse_shape' op expected collapsed type to be 'tensor<32xf32>', but got 'tensor<32xi32>'}}
  %0 = tensor.collapse_shape %t [[0, 1]] : tensor<8x4xf32> into tensor<32xi32>
  return
}

// -----

func.func @bitcast_width(%t: tensor<8x4xf32>) {
  // expected-error@+1 {{'tensor.bitcast' op operand type 'tensor<8x4xf32>' and result type 'tensor<8x4xi64>' are cast incompatible}}
  %0 = tensor.bitcast %t : tensor<8x4xf32> to tensor<8x4xi64>
  return
}

// -----

func.func @generate_sizes(%i: index) {
  // expected-error@+1 {{'tensor.generate' op incorrect number of dynamic sizes, has 1, expected 0}}
  %0 = tensor.generate %i {
  ^bb0(%a: index):
    tensor.yield %a : index
  } : tensor<4xindex>
  return
}

// -----

func.func @parallel_insert_parent(%t: tensor<8xf32>, %s: tensor<2xf32>) {
  // expected-error@+1 {{expected InParallelOpInterface parent, got:}}
  tensor.parallel_insert_slice %s into %t[0][2][1] : tensor<2xf32> into tensor<8xf32>
  return
}

// -----

func.func @from_elements_count(%a: f32) {
  // expected-error@+1 {{custom op 'tensor.from_elements' number of operands and types do not match: got 1 operands and 2 types}}
  %0 = tensor.from_elements %a : tensor<2xf32>
  return
}

// -----

func.func @from_elements_count(%a: index) -> tensor<3xindex> {
  // expected-error @below {{'tensor.from_elements' op failed to verify that operand types match result element type}}
  %0 = "tensor.from_elements"(%a, %a) : (index, index) -> tensor<3xindex>
  return %0 : tensor<3xindex>
}

// -----

func.func @from_elements_type(%a: index) -> tensor<2xf32> {
  // expected-error @below {{'tensor.from_elements' op failed to verify that operand types match result element type}}
  %0 = "tensor.from_elements"(%a, %a) : (index, index) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// 2^32 + 1 elements: the count must not wrap to one.
func.func @from_elements_wide_count(%a: index) -> tensor<4294967297xindex> {
  // expected-error @below {{'tensor.from_elements' op failed to verify that operand types match result element type}}
  %0 = "tensor.from_elements"(%a) : (index) -> tensor<4294967297xindex>
  return %0 : tensor<4294967297xindex>
}
