// RUN: strata-opt --split-input-file --verify-diagnostics %s

// The number of case values is checked without expanding a splat: a
// splat of 10^8 case values fails at once, as in mlir-opt.

func.func @huge_splat(%a: i32) {
  // expected-error @below {{'cf.switch' op number of case values (100000000) should match number of case destinations (0)}}
  "cf.switch"(%a)[^bb1] <{case_operand_segments = array<i32>, case_values = dense<0> : vector<100000000xi32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}

// -----

func.func @flag_type(%a: i32) {
  // expected-error @below {{'cf.switch' op 'flag' type ('i32') should match case value type ('i64')}}
  "cf.switch"(%a)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, case_values = dense<42> : vector<1xi64>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}

// -----

// The case list's parser reports through the operation's parser, so its
// errors name the operation.
func.func @switch_missing_default(%flag : i32) {
  cf.switch %flag : i32, [
    // expected-error@+1 {{custom op 'cf.switch' expected 'default'}}
    45: ^bb1
  ]
  ^bb1:
    return
}
