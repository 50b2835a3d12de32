// RUN: strata-opt --one-shot-bufferize=bufferize-function-boundaries --split-input-file --verify-diagnostics %s

// As upstream: a loop must yield the buffer of its iteration argument
// unless allow-return-allocs-from-loops is given.

func.func @scf_for_swapped(%A : tensor<?xf32>, %B : tensor<?xf32>, %C : tensor<4xf32>,
                           %lb : index, %ub : index, %step : index) -> (f32, f32) {
  %r0:2 = scf.for %i = %lb to %ub step %step iter_args(%tA = %A, %tB = %B)
      -> (tensor<?xf32>, tensor<?xf32>) {
    %ttA = tensor.insert_slice %C into %tA[0][4][1] : tensor<4xf32> into tensor<?xf32>
    %ttB = tensor.insert_slice %C into %tB[0][4][1] : tensor<4xf32> into tensor<?xf32>
    // expected-error @+1 {{Yield operand #0 is not equivalent to the corresponding iter bbArg}}
    scf.yield %ttB, %ttA : tensor<?xf32>, tensor<?xf32>
  }
  %f0 = tensor.extract %r0#0[%step] : tensor<?xf32>
  %f1 = tensor.extract %r0#1[%step] : tensor<?xf32>
  return %f0, %f1 : f32, f32
}

// -----

func.func @scf_for_new_tensor(%A : tensor<4xf32>, %n : index, %x : f32) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %A) -> (tensor<4xf32>) {
    %e = tensor.empty() : tensor<4xf32>
    %f = linalg.fill ins(%x : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    // expected-error @+1 {{Yield operand #0 is not equivalent to the corresponding iter bbArg}}
    scf.yield %f : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

func.func @to_tensor_op_unsupported(%m: memref<?xf32>, %idx: index) -> (f32) {
  // expected-error @+1 {{to_tensor ops without `restrict` are not supported by One-Shot Analysis}}
  %0 = bufferization.to_tensor %m : memref<?xf32> to tensor<?xf32>
  %1 = tensor.extract %0[%idx] : tensor<?xf32>
  return %1 : f32
}
