// RUN: strata-opt --split-input-file --verify-diagnostics %s

// Verifier messages of the bufferization dialect, as mlir-opt-22 reports them.

// expected-note@+1 {{prior use here}}
func.func @c(%t: tensor<4xf32>) {
  // expected-error@+1 {{use of value '%t' expects different type than prior uses: 'tensor<5xf32>' vs 'tensor<4xf32>'}}
  %0 = bufferization.alloc_tensor() copy(%t) : tensor<5xf32>
  return
}

// -----

func.func @d(%i: index) {
  // expected-error@+1 {{'bufferization.alloc_tensor' op incorrect number of dynamic sizes, has 0, expected 1}}
  %0 = bufferization.alloc_tensor() : tensor<?xf32>
  return
}

// -----

func.func @e(%t: tensor<4xf32>, %i: index) {
  // expected-error@+1 {{dynamic sizes not needed when copying a tensor}}
  %0 = bufferization.alloc_tensor(%i) copy(%t) : tensor<4xf32>
  return
}

// -----

func.func @f(%t: tensor<4xf32>, %m: memref<5xf32>) {
  // expected-error@+1 {{'bufferization.materialize_in_destination' op source/destination shapes are incompatible}}
  bufferization.materialize_in_destination %t in writable %m : (tensor<4xf32>, memref<5xf32>) -> ()
  return
}

// -----

func.func @g(%t: tensor<4xf32>, %m: memref<4xf32>) {
  // expected-error@+1 {{'bufferization.materialize_in_destination' op 'writable' must be specified if and only if the destination is of memref type}}
  bufferization.materialize_in_destination %t in %m : (tensor<4xf32>, memref<4xf32>) -> ()
  return
}

// -----

func.func @h(%m: memref<4xf32>, %c: i1) {
  // expected-error@+1 {{'bufferization.dealloc' op must have the same number of conditions as memrefs to deallocate}}
  "bufferization.dealloc"(%m, %c, %c) <{operandSegmentSizes = array<i32: 1, 2, 0>}> : (memref<4xf32>, i1, i1) -> ()
  return
}

// -----

func.func @k(%t: tensor<4xf32>, %m: memref<4xf32>) {
  // expected-error@+1 {{'bufferization.materialize_in_destination' op 'restrict' is valid only for memref destinations}}
  bufferization.materialize_in_destination %t in restrict %t : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @l(%m: memref<4xf32>, %c: i1) {
  // expected-error@+1 {{'bufferization.dealloc' op must have the same number of updated conditions (results) as retained operands}}
  %0 = "bufferization.dealloc"(%m, %c) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (memref<4xf32>, i1) -> (i1)
  return
}
