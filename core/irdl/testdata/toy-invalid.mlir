// Constraint and trait errors of the toy dialect, checked with
// --verify-diagnostics --split-input-file.

func.func @operand_constraint(%i: i32) {
  // expected-error@+1 {{'toy.add' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = toy.add %i, %i : i32
  return
}

// -----

func.func @equality_variable(%a: f32, %d: f64) {
  // expected-error@+1 {{'toy.add' op failed to verify that all of {lhs, rhs, result} have same type}}
  %0 = "toy.add"(%a, %d) : (f32, f64) -> f32
  return
}

// -----

func.func @operand_count(%a: f32) {
  // expected-error@+1 {{'toy.add' op expected 2 operands, but found 1}}
  %0 = "toy.add"(%a) : (f32) -> f32
  return
}

// -----

func.func @required_attribute() {
  // expected-error@+1 {{'toy.config' op requires attribute 'n'}}
  "toy.config"() : () -> ()
  return
}

// -----

func.func @attribute_constraint() {
  // expected-error@+1 {{'toy.config' op attribute 'n' failed to satisfy constraint: 32-bit signless integer attribute}}
  "toy.config"() <{n = 3 : i64}> : () -> ()
  return
}

// -----

func.func @result_constraint(%m: memref<4xf32>) {
  // expected-error@+1 {{'toy.copy_async' op result #0 must be async token, but got 'i32'}}
  %0 = "toy.copy_async"(%m, %m) : (memref<4xf32>, memref<4xf32>) -> i32
  return
}

// -----

func.func @segment_sizes(%i: index) {
  // expected-error@+1 {{'toy.opt' op operand count (1) does not match with the total size (2) specified in attribute 'operandSegmentSizes'}}
  "toy.opt"(%i) <{operandSegmentSizes = array<i32: 1, 1>}> : (index) -> ()
  return
}

// -----

func.func @optional_group(%i: index) {
  // expected-error@+1 {{'toy.opt' op operand group starting at #0 requires 0 or 1 element, but found 2}}
  "toy.opt"(%i, %i) <{operandSegmentSizes = array<i32: 2, 0>}> : (index, index) -> ()
  return
}

// -----

func.func @has_parent(%a: f32) {
  // expected-error@+1 {{'toy.yield' op expects parent op 'toy.launch'}}
  toy.yield %a : f32
}

// -----

func.func @implicit_terminator(%a: f32) {
  // expected-error@+2 {{'toy.launch' op expects regions to end with 'toy.yield', found 'toy.add'}}
  // expected-note@+1 {{in custom textual format, the absence of terminator implies 'toy.yield'}}
  "toy.launch"() ({
    %0 = toy.add %a, %a : f32
  }) : () -> ()
  return
}

// -----

func.func @all_types_match(%c: i1, %a: f32, %b: f64) {
  // expected-error@+1 {{'toy.select' op failed to verify that all of {lhs, rhs, result} have same type}}
  %0 = "toy.select"(%c, %a, %b) : (i1, f32, f64) -> f32
  return
}

// -----

func.func @successors() {
  // expected-error@+1 {{'toy.br' op requires 1 successor but found 0}}
  "toy.br"() : () -> ()
}

// -----

func.func @missing_colon(%a: f32) {
  %0 = toy.add %a, %a
  // expected-error@-1 {{expected ':'}}
  return
}

// -----

func.func @keyword(%m: memref<4xf32>) {
  // expected-error@+1 {{custom op 'toy.copy_async' expected 'to'}}
  %0 = toy.copy_async %m[] too %m : memref<4xf32>, memref<4xf32>
  return
}

// -----

func.func @enum_keyword(%i: index) {
  // expected-error@+1 {{custom op 'toy.alloc' expected string or keyword containing one of the following enum values for attribute 'mode' [fast, precise]}}
  %0 = toy.alloc(%i) <add>, slow : <?xf32>
  return
}

// -----

func.func @enum_attr(%i: index) {
  // expected-error@+1 {{custom op 'toy.alloc' expected Kind to be one of: add, mul}}
  %0 = toy.alloc(%i) <sub>, fast : <?xf32>
  return
}

// -----

func.func @type_count(%a: f32) {
  // expected-error@+1 {{custom op 'toy.launch' number of operands and types do not match: got 1 operands and 2 types}}
  toy.launch(%a : f32, index) {
  }
  return
}

// -----

// expected-error@+1 {{expected integer value}}
func.func @type_parameter(%b: !toy.buffer<4xf32, #toy.space<x>>) {
  return
}
