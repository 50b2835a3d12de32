// RUN: strata-opt --one-shot-bufferize=bufferize-function-boundaries --split-input-file --verify-diagnostics %s

// Without allow-return-allocs-from-loops, scf.while must pass on and
// yield the buffers of its own arguments, as upstream.

func.func @swap_in_condition(%x: tensor<4xf32>, %y: tensor<4xf32>, %i: index, %f: f32)
    -> (tensor<4xf32>, tensor<4xf32>) {
  %r:2 = scf.while (%a = %x, %b = %y) : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
    %v = tensor.extract %a[%i] : tensor<4xf32>
    %go = arith.cmpf olt, %v, %f : f32
    // expected-error @+1 {{Condition arg #0 is not equivalent to the corresponding iter bbArg}}
    scf.condition(%go) %b, %a : tensor<4xf32>, tensor<4xf32>
  } do {
  ^bb0(%p: tensor<4xf32>, %q: tensor<4xf32>):
    scf.yield %p, %q : tensor<4xf32>, tensor<4xf32>
  }
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}

// -----

func.func @writes_outer_tensor(%t: tensor<4xi1>, %u: tensor<4xi1>, %i: index) {
  scf.while (%a = %u) : (tensor<4xi1>) -> () {
    %b = tensor.extract %t[%i] : tensor<4xi1>
    scf.condition(%b)
  } do {
    %true = arith.constant true
    %w = tensor.insert %true into %t[%i] : tensor<4xi1>
    // expected-error @+1 {{Yield operand #0 is not equivalent to the corresponding iter bbArg}}
    scf.yield %w : tensor<4xi1>
  }
  return
}
