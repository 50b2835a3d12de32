// Structured and unstructured control flow: scf.for with iteration
// arguments, scf.while, scf.if, scf.index_switch, scf.execute_region,
// scf.parallel with a reduction, and cf branches.
func.func private @printI64(i64)
func.func private @printF64(f64)
func.func private @printNewline()
func.func private @printComma()
func.func private @printMemrefI64(memref<*xi64>)

func.func @collatz(%n: i64) -> i64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c2 = arith.constant 2 : i64
  %c3 = arith.constant 3 : i64
  %r:2 = scf.while (%x = %n, %steps = %c0) : (i64, i64) -> (i64, i64) {
    %more = arith.cmpi ne, %x, %c1 : i64
    scf.condition(%more) %x, %steps : i64, i64
  } do {
  ^bb0(%x: i64, %steps: i64):
    %rem = arith.remui %x, %c2 : i64
    %even = arith.cmpi eq, %rem, %c0 : i64
    %next = scf.if %even -> i64 {
      %h = arith.divui %x, %c2 : i64
      scf.yield %h : i64
    } else {
      %t = arith.muli %x, %c3 : i64
      %u = arith.addi %t, %c1 : i64
      scf.yield %u : i64
    }
    %s = arith.addi %steps, %c1 : i64
    scf.yield %next, %s : i64, i64
  }
  return %r#1 : i64
}

func.func @gcd(%a: i64, %b: i64) -> i64 {
  cf.br ^loop(%a, %b : i64, i64)
^loop(%x: i64, %y: i64):
  %c0 = arith.constant 0 : i64
  %done = arith.cmpi eq, %y, %c0 : i64
  cf.cond_br %done, ^exit(%x : i64), ^body
^body:
  %r = arith.remsi %x, %y : i64
  cf.br ^loop(%y, %r : i64, i64)
^exit(%g: i64):
  return %g : i64
}

func.func @classify(%v: i32) -> i64 {
  cf.switch %v : i32, [
    default: ^other,
    1: ^one,
    7: ^seven(%v : i32)
  ]
^one:
  %a = arith.constant 100 : i64
  return %a : i64
^seven(%s: i32):
  %b = arith.extsi %s : i32 to i64
  return %b : i64
^other:
  %c = arith.constant -1 : i64
  return %c : i64
}

func.func @main() {
  %n = arith.constant 27 : i64
  %steps = call @collatz(%n) : (i64) -> i64
  call @printI64(%steps) : (i64) -> ()
  call @printNewline() : () -> ()

  %a = arith.constant 1071 : i64
  %b = arith.constant 462 : i64
  %g = call @gcd(%a, %b) : (i64, i64) -> i64
  call @printI64(%g) : (i64) -> ()
  call @printNewline() : () -> ()

  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %f0 = arith.constant 0.0 : f64
  %sum = scf.for %i = %c0 to %c10 step %c1 iter_args(%acc = %f0) -> (f64) {
    %ii = arith.index_cast %i : index to i64
    %fi = arith.sitofp %ii : i64 to f64
    %sq = arith.mulf %fi, %fi : f64
    %n2 = arith.addf %acc, %sq : f64
    scf.yield %n2 : f64
  }
  call @printF64(%sum) : (f64) -> ()
  call @printNewline() : () -> ()

  %c2 = arith.constant 2 : index
  %buf = memref.alloca() : memref<5xi64>
  scf.for %i = %c0 to %c10 step %c2 {
    %k = scf.index_switch %i -> i64
    case 2 {
      %x = arith.constant 20 : i64
      scf.yield %x : i64
    }
    case 4 {
      %x = arith.constant 40 : i64
      scf.yield %x : i64
    }
    default {
      %x = arith.constant 0 : i64
      scf.yield %x : i64
    }
    %slot = arith.divui %i, %c2 : index
    memref.store %k, %buf[%slot] : memref<5xi64>
  }
  %ubuf = memref.cast %buf : memref<5xi64> to memref<*xi64>
  call @printMemrefI64(%ubuf) : (memref<*xi64>) -> ()

  %v1 = arith.constant 1 : i32
  %v7 = arith.constant 7 : i32
  %v9 = arith.constant 9 : i32
  %k1 = call @classify(%v1) : (i32) -> i64
  %k7 = call @classify(%v7) : (i32) -> i64
  %k9 = call @classify(%v9) : (i32) -> i64
  call @printI64(%k1) : (i64) -> ()
  call @printComma() : () -> ()
  call @printI64(%k7) : (i64) -> ()
  call @printComma() : () -> ()
  call @printI64(%k9) : (i64) -> ()
  call @printNewline() : () -> ()

  %e = scf.execute_region -> i64 {
    %t = arith.constant 5 : i64
    cf.br ^bb1(%t : i64)
  ^bb1(%u: i64):
    %w = arith.muli %u, %u : i64
    scf.yield %w : i64
  }
  call @printI64(%e) : (i64) -> ()
  call @printNewline() : () -> ()

  %c4 = arith.constant 4 : index
  %c3 = arith.constant 3 : index
  %i0 = arith.constant 0 : i64
  %p = scf.parallel (%i, %j) = (%c0, %c0) to (%c4, %c3) step (%c1, %c1) init (%i0) -> i64 {
    %ii = arith.index_cast %i : index to i64
    %jj = arith.index_cast %j : index to i64
    %m = arith.muli %ii, %jj : i64
    scf.reduce(%m : i64) {
    ^bb0(%l: i64, %r: i64):
      %s = arith.addi %l, %r : i64
      scf.reduce.return %s : i64
    }
  }
  call @printI64(%p) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}
