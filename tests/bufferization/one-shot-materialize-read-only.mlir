// RUN: strata-opt --one-shot-bufferize --verify-diagnostics %s

// Without function boundaries, arguments are read through a read-only
// to_buffer: materialize_in_destination cannot write one in place.
func.func @arg_dest(%t: tensor<?xf32>, %d: tensor<?xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{'bufferization.materialize_in_destination' op not bufferizable under the given constraints: would write to read-only buffer}}
  %r = bufferization.materialize_in_destination %t in %d : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}
