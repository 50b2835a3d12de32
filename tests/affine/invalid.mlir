// RUN: strata-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s

// The rules for dimensions and symbols: an induction variable is a valid
// dimension but not a symbol; a value defined at the top level of the
// function is a symbol.

func.func @iv_as_symbol(%n: index) {
  affine.for %i = 0 to 10 {
    // expected-error @below {{'affine.for' op operand cannot be used as a symbol}}
    affine.for %j = %i to 10 {
    }
  }
  return
}

// -----

func.func @apply_dim_as_symbol(%n: index) {
  affine.for %i = 0 to 10 {
    // expected-error @below {{dimensional operand cannot be used as a symbol}}
    %x = affine.apply affine_map<()[s0] -> (s0)>()[%i]
  }
  return
}

// -----

func.func @region_arg_as_dim(%m: memref<4xf32>) {
  "test.region"() ({
  ^bb0(%a: index):
    // expected-error @below {{'affine.load' op operand cannot be used as a dimension id}}
    %v = affine.load %m[%a] : memref<4xf32>
    "test.end"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @if_symbol_count(%n: index) {
  // expected-error @below {{custom op 'affine.if' symbol operand count and integer set symbol count must match}}
  affine.if affine_set<(d0)[s0] : (d0 - s0 >= 0)>(%n) {
  }
  return
}

// -----

func.func @bound_prefix(%n: index) {
  // expected-error @below {{lower loop bound affine map with multiple results requires 'max' prefix}}
  affine.for %i = affine_map<(d0) -> (d0, 0)>(%n) to 10 {
  }
  return
}

// -----

func.func @negative_step() {
  // expected-error @below {{expected step to be representable as a positive signed integer}}
  affine.for %i = 0 to 10 step -1 {
  }
  return
}

// -----

func.func @apply_mismatch(%n: index) {
  // expected-error @below {{custom op 'affine.apply' dimension or symbol index mismatch}}
  %x = affine.apply affine_map<(d0)[s0] -> (d0 + s0)>(%n)
  return
}

// -----

func.func @min_no_result(%n: index) {
  // expected-error @below {{'affine.min' op affine map expect at least one result}}
  %x = affine.min affine_map<(d0) -> ()>(%n)
  return
}

// -----

func.func @non_affine_subscript(%m: memref<4xf32>) {
  affine.for %i = 0 to 4 {
    // expected-error @below {{non-affine expression: at least one of the multiply operands has to be either a constant or symbolic}}
    %v = affine.load %m[%i * %i] : memref<4xf32>
  }
  return
}

// -----

func.func @rank_mismatch(%m: memref<4x4xf32>) {
  affine.for %i = 0 to 4 {
    // expected-error @below {{'affine.load' op affine map num results must equal memref rank}}
    %v = affine.load %m[%i] : memref<4x4xf32>
  }
  return
}

// -----

func.func @store_type(%m: memref<4xf32>, %x: i32) {
  affine.for %i = 0 to 4 {
    // expected-error @below {{'affine.store' op value to store must have the same type as memref element type}}
    "affine.store"(%x, %m, %i) <{map = affine_map<(d0) -> (d0)>}> : (i32, memref<4xf32>, index) -> ()
  }
  return
}

// -----

func.func @yield_parent() {
  "test.region"() ({
    // expected-error @below {{'affine.yield' op only terminates affine.if/for/parallel regions}}
    affine.yield
  }) : () -> ()
  return
}

// -----

func.func @yield_count(%n: index) {
  %r = affine.for %i = 0 to 4 iter_args(%a = %n) -> (index) {
    // expected-error @below {{'affine.yield' op parent of yield must have same number of results as the yield operands}}
    affine.yield
  }
  return
}

// -----

// The memref and the vector of affine.vector_load must have the same
// element type.
func.func @vector_load_element_type(%m: memref<100xf32>) {
  %c0 = arith.constant 0 : index
  // expected-error @below {{'affine.vector_load' op requires memref and vector types of the same elemental type}}
  %v = affine.vector_load %m[%c0] : memref<100xf32>, vector<8xi32>
  return
}

// -----

// The locality hint of affine.prefetch is between 0 and 3.
func.func @prefetch_locality(%m: memref<10xf32>) {
  %c0 = arith.constant 0 : index
  // expected-error @below {{'affine.prefetch' op attribute 'localityHint' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0 whose maximum value is 3}}
  affine.prefetch %m[%c0], read, locality<5>, data : memref<10xf32>
  return
}

// -----

// A division is a pure operation, and so a symbol when its operands are,
// only when it cannot trap: by a constant divisor, not by a value.

func.func @division_as_symbol(%m: memref<?xf32>, %n: index, %d: index) {
  %c7 = arith.constant 7 : index
  affine.for %i = 0 to 10 {
    %s = arith.divsi %n, %c7 : index
    %v = affine.load %m[symbol(%s)] : memref<?xf32>
    "test.use"(%v) : (f32) -> ()
    %t = arith.divsi %n, %d : index
    // expected-error @below {{'affine.load' op operand cannot be used as a symbol}}
    %w = affine.load %m[symbol(%t)] : memref<?xf32>
    "test.use"(%w) : (f32) -> ()
  }
  return
}
