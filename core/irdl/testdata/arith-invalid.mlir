// Errors of the arith slice in arith.irdl. mlir-opt-22 and strata-opt
// (with --load-dialect=arith.irdl) both pass this file with
// --verify-diagnostics --split-input-file.

func.func @a(%a: f32) {
  // expected-error@+1 {{'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = arith.addi %a, %a : f32
  return
}

// -----

func.func @b(%a: i32) {
  // expected-error@+1 {{'arith.addf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = arith.addf %a, %a : i32
  return
}

// -----

func.func @c(%a: i32) {
  // expected-error@+1 {{'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9}}
  %0 = "arith.cmpi"(%a, %a) {predicate = 42} : (i32, i32) -> i1
  return
}

// -----

func.func @d(%a: i32) {
  // expected-error@+1 {{'arith.addi' op expected 2 operands, but found 1}}
  %0 = "arith.addi"(%a) : (i32) -> i32
  return
}

// -----

func.func @e(%a: i32, %b: i64) {
  // expected-error@+1 {{'arith.addi' op requires the same type for all operands and results}}
  %0 = "arith.addi"(%a, %b) : (i32, i64) -> i32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %0 = "arith.constant"() <{value = 1 : i64}> : () -> i32
  return
}

// -----

func.func @g(%a: i32) {
  // expected-error@+1 {{'arith.select' op operand #0 must be bool-like, but got 'i32'}}
  %0 = "arith.select"(%a, %a, %a) : (i32, i32, i32) -> i32
  return
}

// -----

func.func @h(%a: i32) {
  // expected-error@+1 {{custom op 'arith.cmpi' expected string or keyword containing one of the following enum values for attribute 'predicate' [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge]}}
  %0 = arith.cmpi foo, %a, %a : i32
  return
}

// -----

func.func @i(%a: i32) {
  // expected-error@+1 {{'arith.index_cast' op result #0 must be signless-integer-like or memref of signless-integer, but got 'f32'}}
  %0 = arith.index_cast %a : i32 to f32
  return
}

// -----

func.func @j(%a: i32) {
  // expected-error@+1 {{custom op 'arith.cmpi' invalid predicate attribute specification: "foo"}}
  %0 = arith.cmpi "foo", %a, %a : i32
  return
}

// -----

func.func @k(%a: f32) {
  // expected-error@+1 {{custom op 'arith.cmpi' 'lhs' must be signless-integer-like, but got 'f32'}}
  %0 = arith.cmpi slt, %a, %a : f32
  return
}

// -----

func.func @l(%a: i32) {
  // expected-error@+1 {{expected ','}}
  %0 = arith.addi %a %a : i32
  return
}

// -----

func.func @m(%a: i32) {
  // expected-error@+1 {{custom op 'arith.index_cast' expected 'to'}}
  %0 = arith.index_cast %a : i32 too index
  return
}

// -----

func.func @n(%a: i32) {
  // expected-error@+1 {{'arith.cmpi' op result #0 must be bool-like, but got 'i32'}}
  %0 = "arith.cmpi"(%a, %a) <{predicate = 1 : i64}> : (i32, i32) -> i32
  return
}

// -----

func.func @o(%a: vector<4xi32>) {
  // expected-error@+1 {{'arith.cmpi' op failed to verify that result type has i1 element type and same shape as operands}}
  %0 = "arith.cmpi"(%a, %a) <{predicate = 1 : i64}> : (vector<4xi32>, vector<4xi32>) -> i1
  return
}
