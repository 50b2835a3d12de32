// RUN: strata-opt --one-shot-bufferize=bufferize-function-boundaries --split-input-file --verify-diagnostics %s

// Without allow-unknown-ops, an operation without a bufferization is an
// error, as upstream.

func.func @p(%a: tensor<16x16xf32>, %d: tensor<4x4x4x4xf32>) -> tensor<4x4x4x4xf32> {
  // expected-error @+1 {{op was not bufferized}}
  %0 = linalg.pack %a inner_dims_pos = [0, 1] inner_tiles = [4, 4] into %d : tensor<16x16xf32> -> tensor<4x4x4x4xf32>
  return %0 : tensor<4x4x4x4xf32>
}

// -----

func.func @a(%t: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{op was not bufferized}}
  %0 = math.atan %t : tensor<4xf32>
  return %0 : tensor<4xf32>
}
