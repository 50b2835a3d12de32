func.func private @rec(%n: i32, %unused: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %z = arith.cmpi eq, %n, %c0 : i32
  cf.cond_br %z, ^done(%n, %unused : i32, i32), ^more
^more:
  %c1 = arith.constant 1 : i32
  %m = arith.subi %n, %c1 : i32
  %r:2 = call @rec(%m, %unused) : (i32, i32) -> (i32, i32)
  cf.br ^done(%r#0, %r#1 : i32, i32)
^done(%a: i32, %b: i32):
  return %a, %b : i32, i32
}
func.func @entry(%x: i32, %y: i32) -> i32 {
  %r:2 = call @rec(%x, %y) : (i32, i32) -> (i32, i32)
  %t = arith.addi %r#1, %y : i32
  %s = arith.muli %t, %t : i32
  cf.switch %x : i32, [
    default: ^d(%s : i32),
    1: ^e(%r#0, %s : i32, i32)
  ]
^d(%p: i32):
  "t.use"(%x) : (i32) -> ()
  return %x : i32
^e(%q: i32, %w: i32):
  return %q : i32
}
func.func private @noargs() -> f32 {
  %c = arith.constant 1.0 : f32
  return %c : f32
}
func.func @calls_noargs() {
  %v = call @noargs() : () -> f32
  return
}
