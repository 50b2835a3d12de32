// A small program for strata-run (the interpreter) and mlir-runner:
//   go run ./tools/strata-run -e main -entry-point-result=i32 examples/hello/compute.mlir
// prints 66.
func.func @square(%x: i32) -> i32 {
  %r = arith.muli %x, %x : i32
  return %r : i32
}

func.func @clamp(%x: i32, %lo: i32, %hi: i32) -> i32 {
  %a = arith.maxsi %x, %lo : i32
  %b = arith.minsi %a, %hi : i32
  return %b : i32
}

func.func @main() -> i32 {
  %c5 = arith.constant 5 : i32
  %c6 = arith.constant 6 : i32
  %c0 = arith.constant 0 : i32
  %c100 = arith.constant 100 : i32
  %s5 = func.call @square(%c5) : (i32) -> i32
  %s6 = func.call @square(%c6) : (i32) -> i32
  %sum = arith.addi %s5, %s6 : i32
  %d = arith.subi %sum, %c6 : i32
  %big = arith.cmpi sgt, %d, %c100 : i32
  %m = arith.select %big, %c100, %d : i32
  %r = func.call @clamp(%m, %c0, %c100) : (i32, i32, i32) -> i32
  %r2 = arith.addi %r, %c6 : i32
  %r3 = arith.addi %r2, %c5 : i32
  return %r3 : i32
}
