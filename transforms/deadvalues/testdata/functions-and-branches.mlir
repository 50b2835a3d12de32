func.func private @f(%a: i32, %b: i32) -> (i32, i32) {
  %0 = arith.addi %a, %a : i32
  %1 = arith.muli %b, %b : i32
  return %0, %1 : i32, i32
}
func.func @g(%x: i32, %y: i32) -> i32 {
  %r:2 = call @f(%x, %y) : (i32, i32) -> (i32, i32)
  %d = arith.subi %x, %y : i32
  cf.br ^bb1(%r#0, %d : i32, i32)
^bb1(%p: i32, %q: i32):
  return %p : i32
}
func.func @h(%x: i32) {
  %0 = arith.addi %x, %x : i32
  "t.sink"(%x) : (i32) -> ()
  return
}
