// RUN: strata-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s

// Properties written in a generic operation convert into the operation's
// property storage while parsing; a value the storage cannot hold is an
// error there, before any verifier runs.

func.func @wrong_kind(%a: i32, %b: i32) {
  // expected-error@+1 {{invalid properties {overflowFlags = 1 : i32} for op arith.addi: Invalid attribute `overflowFlags` in property conversion: 1 : i32}}
  %0 = "arith.addi"(%a, %b) <{overflowFlags = 1 : i32}> : (i32, i32) -> i32
  return
}

// -----

func.func @bool_of_another_width(%m: memref<4xf32>) {
  // expected-error@+1 {{invalid properties {nontemporal = 1 : i32} for op memref.load: Invalid attribute `nontemporal` in property conversion: 1 : i32}}
  %0 = "memref.load"(%m) <{nontemporal = 1 : i32}> : (memref<4xf32>) -> f32
  return
}

// -----

// The properties convert in the order of their names.
func.func @first_by_name(%m: memref<4xf32>, %i: index, %v: f32) {
  // expected-error@+1 {{Invalid attribute `alignment` in property conversion: "x"}}
  "memref.store"(%v, %m, %i) <{nontemporal = 1 : i32, alignment = "x"}> : (f32, memref<4xf32>, index) -> ()
  return
}

// -----

func.func @enum_as_integer(%a: i32) {
  // expected-error@+1 {{invalid properties {predicate = 1.000000e+00 : f32} for op arith.cmpi: Invalid attribute `predicate` in property conversion: 1.000000e+00 : f32}}
  %0 = "arith.cmpi"(%a, %a) <{predicate = 1.0 : f32}> : (i32, i32) -> i1
  return
}

// -----

func.func @nested_symbol() {
  // expected-error@+1 {{Invalid attribute `callee` in property conversion: @a::@b}}
  "func.call"() <{callee = @a::@b}> : () -> ()
  return
}

// -----

func.func @segments_too_short(%sz: index) {
  // expected-error@+1 {{invalid properties {operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 0, 0>} for op gpu.launch_func: size mismatch in attribute conversion: 8 vs 13}}
  "gpu.launch_func"(%sz, %sz, %sz, %sz, %sz) <{operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 0, 0>}> : (index, index, index, index, index) -> ()
  return
}

// -----

func.func @segments_not_an_array(%sz: index) {
  // expected-error@+1 {{for op gpu.launch_func: expected DenseI32ArrayAttr for key `value`}}
  "gpu.launch_func"(%sz, %sz, %sz, %sz, %sz) <{operandSegmentSizes = [1]}> : (index, index, index, index, index) -> ()
  return
}

// -----

// Segment sizes are checked after the named properties.
func.func @segments_after_properties(%a: index) {
  // expected-error@+1 {{Invalid attribute `staticLowerBound` in property conversion: 1 : i64}}
  "scf.forall"(%a) <{operandSegmentSizes = array<i32: 0, 1>, staticLowerBound = 1, staticStep = array<i64: 1>, staticUpperBound = array<i64: 1>}> ({
  ^bb0(%i: index):
    "scf.forall.in_parallel"() ({}) : () -> ()
  }) : (index) -> ()
  return
}

// -----

func.func @not_a_dictionary() {
  // expected-error@+1 {{invalid properties [1] for op arith.constant: expected DictionaryAttr to set properties}}
  %0 = "arith.constant"() <[1]> : () -> i32
  return
}

// -----

func.func @no_properties() {
  // expected-error@+1 {{invalid properties {} for op func.return: this operation does not support properties}}
  "func.return"() <{}> : () -> ()
}

// -----

// Segment sizes of the wrong length in the attribute dictionary are
// dropped: the storage keeps its zeros, which the verifier then sees.
func.func @dropped_segments(%a: index) {
  // expected-error@+1 {{'scf.forall' op operand count (1) does not match with the total size (0) specified in attribute 'operandSegmentSizes'}}
  "scf.forall"(%a) ({
  ^bb0(%i: index):
    "scf.forall.in_parallel"() ({}) : () -> ()
  }) {operandSegmentSizes = array<i32: 0, 1>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 1>} : (index) -> ()
  return
}

// -----

func.func @absent_segments(%a: index) {
  // expected-error@+1 {{'scf.forall' op operand count (1) does not match with the total size (0) specified in attribute 'operandSegmentSizes'}}
  "scf.forall"(%a) <{staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 1>}> ({
  ^bb0(%i: index):
    "scf.forall.in_parallel"() ({}) : () -> ()
  }) : (index) -> ()
  return
}
