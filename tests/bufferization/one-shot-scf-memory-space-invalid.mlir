// RUN: strata-opt --one-shot-bufferize="allow-return-allocs-from-loops" --split-input-file --verify-diagnostics %s

// The branches of an scf.if may not yield buffers in different memory
// spaces.
func.func @if_memory_spaces(%c: i1) -> tensor<4xf32> {
  %0 = bufferization.alloc_tensor() {memory_space = 2 : i64} : tensor<4xf32>
  %1 = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<4xf32>
  // expected-error @+1 {{inconsistent memory space on then/else branches}}
  %r = scf.if %c -> tensor<4xf32> {
    // expected-error @+1 {{failed to bufferize op}}
    scf.yield %0 : tensor<4xf32>
  } else {
    scf.yield %1 : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// Nor may a loop yield a buffer in another memory space than its
// iteration argument's.
func.func @for_memory_spaces(%lb: index, %ub: index, %step: index) -> tensor<4xf32> {
  %0 = bufferization.alloc_tensor() : tensor<4xf32>
  %1 = bufferization.alloc_tensor() {memory_space = 3 : i64} : tensor<4xf32>
  // expected-error @+1 {{init_arg and yielded value bufferize to inconsistent memory spaces}}
  %2 = scf.for %iv = %lb to %ub step %step iter_args(%arg = %0) -> tensor<4xf32> {
    // expected-error @+1 {{failed to bufferize op}}
    scf.yield %1 : tensor<4xf32>
  }
  return %2 : tensor<4xf32>
}
