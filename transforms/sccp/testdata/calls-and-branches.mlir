func.func @pub() -> i32 {
  %c = arith.constant 1 : i32
  return %c : i32
}
func.func private @priv(%a: i32) -> i32 {
  %c = arith.constant 2 : i32
  %s = arith.addi %a, %c : i32
  return %s : i32
}
func.func @g(%x: i1) -> (i32, i32, i32) {
  %r = call @pub() : () -> i32
  %c5 = arith.constant 5 : i32
  %p = call @priv(%c5) : (i32) -> i32
  cf.cond_br %x, ^a, ^b
^a:
  %t = arith.constant 7 : i32
  cf.br ^m(%t : i32)
^b:
  %u = arith.constant 7 : i32
  cf.br ^m(%u : i32)
^m(%v: i32):
  %w = arith.muli %v, %p : i32
  return %r, %p, %w : i32, i32, i32
}
