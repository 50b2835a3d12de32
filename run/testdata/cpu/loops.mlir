// Structured control flow (scf.for with iter_args, scf.while, scf.if with
// results) and recursive calls, printed with printI64 and printF64.
func.func private @printI64(i64)
func.func private @printF64(f64)
func.func private @printComma()
func.func private @printNewline()

// fib returns the n-th Fibonacci number by iteration.
func.func @fib(%n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i64
  %o = arith.constant 1 : i64
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z, %b = %o) -> (i64, i64) {
    %s = arith.addi %a, %b : i64
    scf.yield %b, %s : i64, i64
  }
  return %r#0 : i64
}

// collatz counts the steps of the Collatz sequence from x down to 1.
func.func @collatz(%x: i64) -> i64 {
  %one = arith.constant 1 : i64
  %two = arith.constant 2 : i64
  %three = arith.constant 3 : i64
  %zero = arith.constant 0 : i64
  %r:2 = scf.while (%v = %x, %n = %zero) : (i64, i64) -> (i64, i64) {
    %more = arith.cmpi ne, %v, %one : i64
    scf.condition(%more) %v, %n : i64, i64
  } do {
  ^bb0(%v: i64, %n: i64):
    %rem = arith.remui %v, %two : i64
    %even = arith.cmpi eq, %rem, %zero : i64
    %next = scf.if %even -> (i64) {
      %h = arith.divui %v, %two : i64
      scf.yield %h : i64
    } else {
      %t = arith.muli %v, %three : i64
      %u = arith.addi %t, %one : i64
      scf.yield %u : i64
    }
    %m = arith.addi %n, %one : i64
    scf.yield %next, %m : i64, i64
  }
  return %r#1 : i64
}

// fact is the factorial, recursively.
func.func @fact(%n: i64) -> i64 {
  %one = arith.constant 1 : i64
  %le = arith.cmpi sle, %n, %one : i64
  %r = scf.if %le -> (i64) {
    scf.yield %one : i64
  } else {
    %m = arith.subi %n, %one : i64
    %f = func.call @fact(%m) : (i64) -> i64
    %p = arith.muli %n, %f : i64
    scf.yield %p : i64
  }
  return %r : i64
}

// harmonic sums 1/k for k in [1, n] with a step of 2, as f64.
func.func @harmonic(%n: index) -> f64 {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %s = scf.for %k = %c1 to %n step %c2 iter_args(%acc = %zero) -> (f64) {
    %ki = arith.index_cast %k : index to i64
    %kf = arith.sitofp %ki : i64 to f64
    %q = arith.divf %one, %kf : f64
    %a = arith.addf %acc, %q : f64
    scf.yield %a : f64
  }
  return %s : f64
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c12 = arith.constant 12 : index
  scf.for %i = %c0 to %c12 step %c1 {
    %f = func.call @fib(%i) : (index) -> i64
    func.call @printI64(%f) : (i64) -> ()
    func.call @printComma() : () -> ()
  }
  %c90 = arith.constant 90 : index
  %f90 = func.call @fib(%c90) : (index) -> i64
  call @printI64(%f90) : (i64) -> ()
  call @printNewline() : () -> ()
  %x = arith.constant 27 : i64
  %steps = func.call @collatz(%x) : (i64) -> i64
  call @printI64(%steps) : (i64) -> ()
  call @printComma() : () -> ()
  %twenty = arith.constant 20 : i64
  %f20 = func.call @fact(%twenty) : (i64) -> i64
  call @printI64(%f20) : (i64) -> ()
  call @printComma() : () -> ()
  %c1000 = arith.constant 1000 : index
  %h = func.call @harmonic(%c1000) : (index) -> f64
  call @printF64(%h) : (f64) -> ()
  call @printNewline() : () -> ()
  return
}
