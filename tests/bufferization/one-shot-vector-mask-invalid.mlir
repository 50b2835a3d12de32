// RUN: strata-opt --split-input-file --verify-diagnostics --one-shot-bufferize=bufferize-function-boundaries %s

// The body of a vector.mask must bufferize in place: a masked write into
// a constant, or into a tensor read afterwards, would need a copy in the
// region.

func.func @into_constant(%val: vector<4xf32>, %idx: index, %m0: vector<4xi1>) -> tensor<6xf32> {
  %t = arith.constant dense<1.0> : tensor<6xf32>
  // expected-error @below {{'vector.mask' op body must bufferize in-place}}
  %0 = vector.mask %m0 { vector.transfer_write %val, %t[%idx] : vector<4xf32>, tensor<6xf32> } : vector<4xi1> -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

func.func @read_after(%t: tensor<6xf32>, %val: vector<4xf32>, %idx: index, %m0: vector<4xi1>) -> (tensor<6xf32>, tensor<6xf32>) {
  // expected-error @below {{'vector.mask' op body must bufferize in-place}}
  %0 = vector.mask %m0 { vector.transfer_write %val, %t[%idx] : vector<4xf32>, tensor<6xf32> } : vector<4xi1> -> tensor<6xf32>
  return %0, %t : tensor<6xf32>, tensor<6xf32>
}
