// An unstructured control-flow graph: cf.br, cf.cond_br and cf.switch
// with block arguments (a loop computing the greatest common divisor and
// a dispatch on the remainder modulo 4).
func.func private @printI64(i64)
func.func private @printComma()
func.func private @printNewline()

func.func @gcd(%a: i64, %b: i64) -> i64 {
  cf.br ^loop(%a, %b : i64, i64)
^loop(%x: i64, %y: i64):
  %zero = arith.constant 0 : i64
  %done = arith.cmpi eq, %y, %zero : i64
  cf.cond_br %done, ^exit(%x : i64), ^step
^step:
  %r = arith.remsi %x, %y : i64
  cf.br ^loop(%y, %r : i64, i64)
^exit(%g: i64):
  return %g : i64
}

func.func @classify(%v: i32) -> i64 {
  %c4 = arith.constant 4 : i32
  %m = arith.remui %v, %c4 : i32
  cf.switch %m : i32, [
    default: ^other,
    0: ^zero,
    2: ^two
  ]
^zero:
  %a = arith.constant 100 : i64
  cf.br ^join(%a : i64)
^two:
  %b = arith.constant 200 : i64
  cf.br ^join(%b : i64)
^other:
  %e = arith.extui %m : i32 to i64
  cf.br ^join(%e : i64)
^join(%r: i64):
  return %r : i64
}

func.func @main() {
  %a = arith.constant 1071 : i64
  %b = arith.constant 462 : i64
  %g = call @gcd(%a, %b) : (i64, i64) -> i64
  call @printI64(%g) : (i64) -> ()
  call @printNewline() : () -> ()
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c9 = arith.constant 9 : i32
  cf.br ^head(%c0 : i32)
^head(%i: i32):
  %lt = arith.cmpi slt, %i, %c9 : i32
  cf.cond_br %lt, ^body, ^end
^body:
  %k = call @classify(%i) : (i32) -> i64
  call @printI64(%k) : (i64) -> ()
  call @printComma() : () -> ()
  %n = arith.addi %i, %c1 : i32
  cf.br ^head(%n : i32)
^end:
  call @printNewline() : () -> ()
  return
}
