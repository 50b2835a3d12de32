// RUN: strata-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s

// expected-error@+1 {{use of undeclared SSA value name}}
"t.use"(%undefined) : (i32) -> ()

// -----

"t.def"() ({
^bb0:
  %0 = "t.v"() : () -> i32
  // expected-error@+1 {{redefinition of SSA value '%0'}}
  %0 = "t.v"() : () -> i32
  // expected-note@-3 {{previously defined here}}
}) : () -> ()

// -----

%0 = "t.v"() : () -> i32
// expected-error@+1 {{use of value '%0' expects different type than prior uses: 'i64' vs 'i32'}}
"t.use"(%0) : (i64) -> ()
// expected-note@-3 {{prior use here}}

// -----

// expected-error@+1 {{expected 1 operand type but had 0}}
"t.use"(%x) : () -> ()

// -----

// expected-error@+1 {{reference to an undefined block}}
"t.br"()[^nowhere] : () -> ()

// -----

"t.region"() ({
^bb0:
  "t.br"()[^bb1] : () -> ()
^bb1:
// expected-error@+1 {{redefinition of block '^bb1'}}
^bb1:
  "t.ret"() : () -> ()
}) : () -> ()

// -----

// expected-error@+1 {{integer bitwidth is limited to 16777215 bits}}
"t.op"() : () -> i16777216

// -----

// expected-error@+1 {{integer constant out of range for attribute}}
"t.op"() {a = 256 : i8} : () -> ()

// -----

// expected-error@+1 {{undefined symbol alias id 'nope'}}
"t.op"() {a = #nope} : () -> ()

// -----

// expected-error@below {{entry block of region may not have predecessors}}
"t.loop"() ({
^bb0:
  "t.br"()[^bb0] : () -> ()
}) : () -> ()

// -----

// expected-error@+1 {{operation defines 1 results but was provided 2 to bind}}
%a, %b = "t.one"() : () -> i32

// -----

// A region of several blocks has SSA dominance even under an unregistered
// operation, whose single block may be a graph region.
"t.region"() ({
^bb0:
  // expected-error@+1 {{operand #0 does not dominate this use}}
  "t.use"(%0) : (i32) -> ()
  // expected-note@+1 {{operand defined here (op in the same block)}}
  %0 = "t.def"() : () -> i32
  "t.br"()[^bb1] : () -> ()
^bb1:
  "t.end"() : () -> ()
}) : () -> ()

// -----

"t.region"() ({
  "t.use"(%0) : (i32) -> ()
  %0 = "t.def"() : () -> i32
}) : () -> ()
