// RUN: strata-opt --split-input-file --verify-diagnostics %s

// The Winograd transforms check the shapes of their outputs against what
// the fmr (F(m, r)) and the input's shape give: the filter transform
// (F, H, W, C) -> (alpha, alpha, C, F), alpha = m + r - 1 along the
// dimensions of size r, 1 along a dimension of size 1; the input transform
// (N, H, W, C) -> (alpha, alpha, tiles, tiles, N, C); the output transform
// back. The valid chunks mark where a dimension is not transformed or is
// dynamic. The operands have the ranks of those layouts.

func.func @f_height(%arg0: tensor<2x4x3x5xf32>, %arg1: tensor<6x6x5x2xf32>) -> tensor<6x6x5x2xf32> {
  // expected-error@+1 {{'linalg.winograd_filter_transform' op expect filter height either equals to r or 1}}
  %0 = linalg.winograd_filter_transform fmr(F_4_3) ins(%arg0 : tensor<2x4x3x5xf32>) outs(%arg1 : tensor<6x6x5x2xf32>) -> tensor<6x6x5x2xf32>
  return %0 : tensor<6x6x5x2xf32>
}

// -----

func.func @f_width(%arg0: tensor<2x3x4x5xf32>, %arg1: tensor<6x6x5x2xf32>) -> tensor<6x6x5x2xf32> {
  // expected-error@+1 {{'linalg.winograd_filter_transform' op expect filter width either equals to r or 1}}
  %0 = linalg.winograd_filter_transform fmr(F_4_3) ins(%arg0 : tensor<2x3x4x5xf32>) outs(%arg1 : tensor<6x6x5x2xf32>) -> tensor<6x6x5x2xf32>
  return %0 : tensor<6x6x5x2xf32>
}

// -----

func.func @f_ones(%arg0: tensor<2x1x1x5xf32>, %arg1: tensor<6x6x5x2xf32>) -> tensor<6x6x5x2xf32> {
  // expected-error@+1 {{'linalg.winograd_filter_transform' op expect either filter height or width equals to r}}
  %0 = linalg.winograd_filter_transform fmr(F_4_3) ins(%arg0 : tensor<2x1x1x5xf32>) outs(%arg1 : tensor<6x6x5x2xf32>) -> tensor<6x6x5x2xf32>
  return %0 : tensor<6x6x5x2xf32>
}

// -----

func.func @f_dyn(%arg0: tensor<?x3x3x?xf32>, %arg1: tensor<6x5x?x?xf32>) -> tensor<6x5x?x?xf32> {
  // expected-error@+1 {{'linalg.winograd_filter_transform' op the output shape is not expected}}
  %0 = linalg.winograd_filter_transform fmr(F_4_3) ins(%arg0 : tensor<?x3x3x?xf32>) outs(%arg1 : tensor<6x5x?x?xf32>) -> tensor<6x5x?x?xf32>
  return %0 : tensor<6x5x?x?xf32>
}

// -----

func.func @f_dynh(%arg0: tensor<2x?x3x5xf32>, %arg1: tensor<6x6x5x2xf32>) -> tensor<6x6x5x2xf32> {
  // expected-error@+1 {{'linalg.winograd_filter_transform' op expect filter height either equals to r or 1}}
  %0 = linalg.winograd_filter_transform fmr(F_4_3) ins(%arg0 : tensor<2x?x3x5xf32>) outs(%arg1 : tensor<6x6x5x2xf32>) -> tensor<6x6x5x2xf32>
  return %0 : tensor<6x6x5x2xf32>
}

// -----

func.func @f_ok1(%arg0: tensor<2x1x5x5xf32>, %arg1: tensor<1x6x5x2xf32>) -> tensor<1x6x5x2xf32> {
  %0 = linalg.winograd_filter_transform fmr(F_2_5) ins(%arg0 : tensor<2x1x5x5xf32>) outs(%arg1 : tensor<1x6x5x2xf32>) -> tensor<1x6x5x2xf32>
  return %0 : tensor<1x6x5x2xf32>
}

// -----

func.func @i_height(%arg0: tensor<2x13x14x5xf32>, %arg1: tensor<6x6x3x3x2x5xf32>) -> tensor<6x6x3x3x2x5xf32> {
  // expected-error@+1 {{'linalg.winograd_input_transform' op the output shape is not expected}}
  %0 = linalg.winograd_input_transform fmr(F_4_3) ins(%arg0 : tensor<2x13x14x5xf32>) outs(%arg1 : tensor<6x6x3x3x2x5xf32>) -> tensor<6x6x3x3x2x5xf32>
  return %0 : tensor<6x6x3x3x2x5xf32>
}

// -----

func.func @i_ok(%arg0: tensor<2x14x14x5xf32>, %arg1: tensor<6x6x3x3x2x5xf32>) -> tensor<6x6x3x3x2x5xf32> {
  %0 = linalg.winograd_input_transform fmr(F_4_3) ins(%arg0 : tensor<2x14x14x5xf32>) outs(%arg1 : tensor<6x6x3x3x2x5xf32>) -> tensor<6x6x3x3x2x5xf32>
  return %0 : tensor<6x6x3x3x2x5xf32>
}

// -----

func.func @i_dyn(%arg0: tensor<?x?x?x?xf32>, %arg1: tensor<6x5x?x?x?x?xf32>) -> tensor<6x5x?x?x?x?xf32> {
  // expected-error@+1 {{'linalg.winograd_input_transform' op the output shape is not expected}}
  %0 = linalg.winograd_input_transform fmr(F_4_3) ins(%arg0 : tensor<?x?x?x?xf32>) outs(%arg1 : tensor<6x5x?x?x?x?xf32>) -> tensor<6x5x?x?x?x?xf32>
  return %0 : tensor<6x5x?x?x?x?xf32>
}

// -----

func.func @i_oneside(%arg0: tensor<2x14x3x5xf32>, %arg1: tensor<6x1x3x3x2x5xf32>) -> tensor<6x1x3x3x2x5xf32> {
  %0 = linalg.winograd_input_transform fmr(F_4_3) ins(%arg0 : tensor<2x14x3x5xf32>) outs(%arg1 : tensor<6x1x3x3x2x5xf32>) -> tensor<6x1x3x3x2x5xf32>
  return %0 : tensor<6x1x3x3x2x5xf32>
}

// -----

func.func @i_dynout(%arg0: tensor<2x14x14x5xf32>, %arg1: tensor<?x6x3x3x2x5xf32>) -> tensor<?x6x3x3x2x5xf32> {
  %0 = linalg.winograd_input_transform fmr(F_4_3) ins(%arg0 : tensor<2x14x14x5xf32>) outs(%arg1 : tensor<?x6x3x3x2x5xf32>) -> tensor<?x6x3x3x2x5xf32>
  return %0 : tensor<?x6x3x3x2x5xf32>
}

// -----

func.func @o_height(%arg0: tensor<5x6x3x3x2x2xf32>, %arg1: tensor<2x12x12x2xf32>) -> tensor<2x12x12x2xf32> {
  // expected-error@+1 {{'linalg.winograd_output_transform' op expect input height equals to input tile size}}
  %0 = linalg.winograd_output_transform fmr(F_4_3) ins(%arg0 : tensor<5x6x3x3x2x2xf32>) outs(%arg1 : tensor<2x12x12x2xf32>) -> tensor<2x12x12x2xf32>
  return %0 : tensor<2x12x12x2xf32>
}

// -----

func.func @o_width(%arg0: tensor<6x5x3x3x2x2xf32>, %arg1: tensor<2x12x12x2xf32>) -> tensor<2x12x12x2xf32> {
  // expected-error@+1 {{'linalg.winograd_output_transform' op expect input width equals to input tile size}}
  %0 = linalg.winograd_output_transform fmr(F_4_3) ins(%arg0 : tensor<6x5x3x3x2x2xf32>) outs(%arg1 : tensor<2x12x12x2xf32>) -> tensor<2x12x12x2xf32>
  return %0 : tensor<2x12x12x2xf32>
}

// -----

func.func @o_out(%arg0: tensor<6x6x3x3x2x2xf32>, %arg1: tensor<2x11x12x2xf32>) -> tensor<2x11x12x2xf32> {
  // expected-error@+1 {{'linalg.winograd_output_transform' op the output shape is not expected}}
  %0 = linalg.winograd_output_transform fmr(F_4_3) ins(%arg0 : tensor<6x6x3x3x2x2xf32>) outs(%arg1 : tensor<2x11x12x2xf32>) -> tensor<2x11x12x2xf32>
  return %0 : tensor<2x11x12x2xf32>
}

// -----

func.func @o_ok(%arg0: tensor<6x1x3x3x2x2xf32>, %arg1: tensor<2x12x3x2xf32>) -> tensor<2x12x3x2xf32> {
  %0 = linalg.winograd_output_transform fmr(F_4_3) ins(%arg0 : tensor<6x1x3x3x2x2xf32>) outs(%arg1 : tensor<2x12x3x2xf32>) -> tensor<2x12x3x2xf32>
  return %0 : tensor<2x12x3x2xf32>
}

// -----

func.func @o_dyn(%arg0: tensor<6x?x3x?x2x2xf32>, %arg1: tensor<2x12x7x2xf32>) -> tensor<2x12x7x2xf32> {
  %0 = linalg.winograd_output_transform fmr(F_4_3) ins(%arg0 : tensor<6x?x3x?x2x2xf32>) outs(%arg1 : tensor<2x12x7x2xf32>) -> tensor<2x12x7x2xf32>
  return %0 : tensor<2x12x7x2xf32>
}

// -----

func.func @filter_rank(%arg0: tensor<2x3x3xf32>, %arg1: tensor<6x6x5x2xf32>) -> tensor<6x6x5x2xf32> {
  // expected-error@+1 {{'linalg.winograd_filter_transform' op operand #0 must be 4D tensor of any type values, but got 'tensor<2x3x3xf32>'}}
  %0 = linalg.winograd_filter_transform fmr(F_4_3) ins(%arg0 : tensor<2x3x3xf32>) outs(%arg1 : tensor<6x6x5x2xf32>) -> tensor<6x6x5x2xf32>
  return %0 : tensor<6x6x5x2xf32>
}

// -----

func.func @input_output_rank(%arg0: tensor<2x14x14x5xf32>, %arg1: tensor<6x6x3x3x2xf32>) -> tensor<6x6x3x3x2xf32> {
  // expected-error@+1 {{'linalg.winograd_input_transform' op operand #1 must be 6D tensor of any type values, but got 'tensor<6x6x3x3x2xf32>'}}
  %0 = linalg.winograd_input_transform fmr(F_4_3) ins(%arg0 : tensor<2x14x14x5xf32>) outs(%arg1 : tensor<6x6x3x3x2xf32>) -> tensor<6x6x3x3x2xf32>
  return %0 : tensor<6x6x3x3x2xf32>
}

// -----

func.func @output_value_rank(%arg0: tensor<6x6x3x3x2xf32>, %arg1: tensor<2x12x12x2xf32>) -> tensor<2x12x12x2xf32> {
  // expected-error@+1 {{'linalg.winograd_output_transform' op operand #0 must be 6D tensor of any type values, but got 'tensor<6x6x3x3x2xf32>'}}
  %0 = linalg.winograd_output_transform fmr(F_4_3) ins(%arg0 : tensor<6x6x3x3x2xf32>) outs(%arg1 : tensor<2x12x12x2xf32>) -> tensor<2x12x12x2xf32>
  return %0 : tensor<2x12x12x2xf32>
}
