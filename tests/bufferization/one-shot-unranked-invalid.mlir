// RUN: strata-opt --one-shot-bufferize=bufferize-function-boundaries --split-input-file --verify-diagnostics %s

// An unranked tensor bufferizes in place: its buffer cannot be copied, so
// a call that may write it while its value is read later is an error, as
// with upstream's analysis.

func.func @copy_of_unranked_tensor(%t: tensor<*xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{'func.call' op not bufferizable under the given constraints: cannot avoid RaW conflict}}
  func.call @maybe_writing_func(%t) : (tensor<*xf32>) -> ()
  return %t : tensor<*xf32>
}

func.func private @maybe_writing_func(%ptr : tensor<*xf32>)

// -----

func.func @cast_then_read(%a: tensor<7x12xi32>) -> tensor<7x12xi32> {
  // expected-error @+1 {{'tensor.cast' op not bufferizable under the given constraints: cannot avoid RaW conflict}}
  %c = tensor.cast %a : tensor<7x12xi32> to tensor<*xi32>
  call @printMemrefI32(%c) : (tensor<*xi32>) -> ()
  return %a : tensor<7x12xi32>
}

func.func private @printMemrefI32(%ptr : tensor<*xi32>)
