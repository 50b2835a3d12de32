// RUN: strata-opt --one-shot-bufferize=bufferize-function-boundaries --split-input-file --verify-diagnostics %s

// materialize_in_destination must write its destination in place: a
// destination that may not be written, or whose old contents are read
// afterwards, is an error, as upstream.

func.func @read_only_dest(%t: tensor<4xf32>, %d: tensor<4xf32> {bufferization.writable = false}) -> tensor<4xf32> {
  // expected-error @+1 {{'bufferization.materialize_in_destination' op not bufferizable under the given constraints: would write to read-only buffer}}
  %r = bufferization.materialize_in_destination %t in %d : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @dest_read_after(%t: tensor<4xf32>, %f: f32, %i: index) -> (tensor<4xf32>, f32) {
  %e = tensor.empty() : tensor<4xf32>
  // expected-error @+1 {{'linalg.fill' op not bufferizable under the given constraints: cannot avoid RaW conflict}}
  %d = linalg.fill ins(%f : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = bufferization.materialize_in_destination %t in %d : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %x = tensor.extract %d[%i] : tensor<4xf32>
  return %r, %x : tensor<4xf32>, f32
}

