// RUN: strata-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s

// A distinct attribute whose referenced attribute does not parse reports
// the failure, then "expected attribute" where the parse stopped.

// expected-error@+2 {{expected integer literal}}
// expected-error@+1 {{expected attribute}}
#a = distinct[0]<array<i32: x>>

// -----

// expected-error@+2 {{expected ',' or ']'}}
// expected-error@+1 {{expected attribute}}
#b = distinct[1]<[1, 2>
