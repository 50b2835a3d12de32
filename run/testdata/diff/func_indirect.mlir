// func.constant and func.call_indirect: function values passed to a
// function that calls them, and chosen at run time by a select.
func.func @double(%x: i32) -> i32 {
  %r = arith.addi %x, %x : i32
  return %r : i32
}

func.func @square(%x: i32) -> i32 {
  %r = arith.muli %x, %x : i32
  return %r : i32
}

func.func @apply(%f: (i32) -> i32, %x: i32) -> i32 {
  %r = func.call_indirect %f(%x) : (i32) -> i32
  %s = func.call_indirect %f(%r) : (i32) -> i32
  return %s : i32
}

func.func @main() {
  %d = func.constant @double : (i32) -> i32
  %q = func.constant @square : (i32) -> i32
  %x = arith.constant 3 : i32
  %a = call @apply(%d, %x) : ((i32) -> i32, i32) -> i32
  vector.print %a : i32
  %b = call @apply(%q, %x) : ((i32) -> i32, i32) -> i32
  vector.print %b : i32
  %p = arith.cmpi sgt, %a, %b : i32
  %g = arith.select %p, %d, %q : (i32) -> i32
  %c = func.call_indirect %g(%x) : (i32) -> i32
  vector.print %c : i32
  return
}
