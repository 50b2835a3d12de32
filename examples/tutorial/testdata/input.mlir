func.func @f(%x: i64) -> i64 {
  %one = ctr.const 1
  %two = ctr.const 2
  %zero = ctr.const 0
  %sum = ctr.add %one, %two : i64
  %y = ctr.add %x, %zero : i64
  %n1 = ctr.neg %y : i64
  %n2 = ctr.neg %n1 : i64
  %r = ctr.add %n2, %sum : i64
  return %r : i64
}
