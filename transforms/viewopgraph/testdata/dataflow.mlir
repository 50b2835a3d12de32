func.func @f(%a: i32, %b: i32) -> i32 {
  %0 = arith.addi %a, %b : i32
  %c = arith.constant 3 : i32
  %1 = arith.muli %0, %c : i32
  %2 = "t.op"(%1) ({
  ^bb0(%x: i32):
    "t.yield"(%x) : (i32) -> ()
  }) {attr = "hello"} : (i32) -> i32
  return %2 : i32
}
