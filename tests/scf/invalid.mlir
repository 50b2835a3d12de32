// RUN: strata-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s

// Types along the region control-flow edges of MLIR 22's
// RegionBranchOpInterface verifier.

func.func @if_yield_type(%c: i1, %x: i32, %f: f32) {
  // expected-error @below {{'scf.if' op along control flow edge from Operation scf.yield to parent: successor operand type #0 'f32' should match successor input type #0 'i32'}}
  %0 = scf.if %c -> (i32) {
    // expected-note @below {{region branch point}}
    scf.yield %f : f32
  } else {
    scf.yield %x : i32
  }
  return
}

// -----

func.func @while_condition_to_parent(%c: i1, %x: i32) {
  // expected-error @below {{'scf.while' op along control flow edge from Operation scf.condition to parent: successor operand type #0 'i32' should match successor input type #0 'f32'}}
  %0 = scf.while (%a = %x) : (i32) -> (f32) {
    // expected-note @below {{region branch point}}
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%b: f32):
    scf.yield %x : i32
  }
  return
}

// -----

func.func @while_after_arguments(%c: i1, %x: i32) {
  // expected-error @below {{'scf.while' op along control flow edge from Operation scf.condition to Region #1: region branch point has 1 operands, but region successor needs 2 inputs}}
  %0 = scf.while (%b = %x) : (i32) -> (i32) {
    // expected-note @below {{region branch point}}
    scf.condition(%c) %b : i32
  } do {
  ^bb0(%y: i32, %z: i32):
    scf.yield %x : i32
  }
  return
}

// -----

func.func @execute_region_yield(%f: f32) {
  // expected-error @below {{'scf.execute_region' op along control flow edge from Operation scf.yield to parent: successor operand type #0 'f32' should match successor input type #0 'i32'}}
  %0 = scf.execute_region -> i32 {
    // expected-note @below {{region branch point}}
    scf.yield %f : f32
  }
  return
}

// -----

func.func @forall_bounds(%a: index) {
  // expected-error @below {{expected 1 upper bound values, got 2}}
  "scf.forall"(%a) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: -9223372036854775808, 3>}> ({
  ^bb0(%i: index):
    scf.forall.in_parallel {}
  }) : (index) -> ()
  return
}

// -----

func.func @forall_output_type(%a: index, %t: tensor<4xf32>) {
  // expected-error @below {{'scf.forall' op type mismatch between 0-th output and corresponding block argument}}
  %0 = "scf.forall"(%a, %t) <{operandSegmentSizes = array<i32: 0, 1, 0, 1>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: -9223372036854775808>}> ({
  ^bb0(%i: index, %o: tensor<5xf32>):
    scf.forall.in_parallel {}
  }) : (index, tensor<4xf32>) -> tensor<4xf32>
  return
}
