// RUN: strata-opt --one-shot-bufferize --verify-diagnostics %s
// RUN: strata-opt --one-shot-bufferize=test-analysis-only --verify-diagnostics %s

// Without function boundaries the module is analyzed as a whole: the
// checks of the decisions report every loop that does not yield its
// iteration's buffer, in every function, in the order of the module, as
// upstream. (With function boundaries the first function whose analysis
// fails ends it, in an order of the functions that upstream leaves
// unspecified.)

func.func @first(%A: tensor<5xf32>, %B: tensor<5xf32>, %lb: index, %ub: index, %step: index) -> tensor<5xf32> {
  %r = scf.for %i = %lb to %ub step %step iter_args(%a = %A) -> tensor<5xf32> {
    // expected-error @+1 {{Yield operand #0 is not equivalent to the corresponding iter bbArg}}
    scf.yield %B : tensor<5xf32>
  }
  %s = scf.for %i = %lb to %ub step %step iter_args(%a = %r) -> tensor<5xf32> {
    // expected-error @+1 {{Yield operand #0 is not equivalent to the corresponding iter bbArg}}
    scf.yield %A : tensor<5xf32>
  }
  return %s : tensor<5xf32>
}

func.func @callee(%A: tensor<5xf32>, %c: i1) -> tensor<5xf32> {
  %r = scf.while (%a = %A) : (tensor<5xf32>) -> tensor<5xf32> {
    %e = tensor.empty() : tensor<5xf32>
    // expected-error @+1 {{Condition arg #0 is not equivalent to the corresponding iter bbArg}}
    scf.condition(%c) %e : tensor<5xf32>
  } do {
  ^bb0(%b: tensor<5xf32>):
    scf.yield %b : tensor<5xf32>
  }
  return %r : tensor<5xf32>
}

func.func @caller(%A: tensor<5xf32>, %B: tensor<5xf32>, %lb: index, %ub: index, %step: index, %c: i1) -> tensor<5xf32> {
  %x = call @callee(%A, %c) : (tensor<5xf32>, i1) -> tensor<5xf32>
  %r = scf.for %i = %lb to %ub step %step iter_args(%a = %x) -> tensor<5xf32> {
    // expected-error @+1 {{Yield operand #0 is not equivalent to the corresponding iter bbArg}}
    scf.yield %B : tensor<5xf32>
  }
  return %r : tensor<5xf32>
}

