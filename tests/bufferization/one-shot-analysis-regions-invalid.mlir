// RUN: strata-opt --one-shot-bufferize="test-analysis-only bufferize-function-boundaries" --split-input-file --verify-diagnostics %s

// Without allow-return-allocs-from-loops the analysis rejects, once every
// operand is decided, each loop whose iterations do not pass on their
// arguments' buffers (upstream's verifyAnalysis): every such loop is
// reported, not only the first.

func.func @two_loops(%t: tensor<4xf32>, %u: tensor<4xf32>, %n: index) -> (tensor<4xf32>, tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %t) -> (tensor<4xf32>) {
    // expected-error @+1 {{Yield operand #0 is not equivalent to the corresponding iter bbArg}}
    scf.yield %u : tensor<4xf32>
  }
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%a = %u) -> (tensor<4xf32>) {
    %e = tensor.empty() : tensor<4xf32>
    // expected-error @+1 {{Yield operand #0 is not equivalent to the corresponding iter bbArg}}
    scf.yield %e : tensor<4xf32>
  }
  return %r, %s : tensor<4xf32>, tensor<4xf32>
}

// -----

func.func @while_swap(%x: tensor<4xf32>, %y: tensor<4xf32>, %c: i1) -> tensor<4xf32> {
  %r:2 = scf.while (%a = %x, %b = %y) : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
    // expected-error @+1 {{Condition arg #0 is not equivalent to the corresponding iter bbArg}}
    scf.condition(%c) %b, %a : tensor<4xf32>, tensor<4xf32>
  } do {
  ^bb0(%p: tensor<4xf32>, %q: tensor<4xf32>):
    scf.yield %p, %q : tensor<4xf32>, tensor<4xf32>
  }
  return %r#0 : tensor<4xf32>
}
