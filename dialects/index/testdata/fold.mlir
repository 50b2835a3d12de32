func.func @fold() -> (index, index, index, index, index, index, index, index, index, index, index, index, i1, i1, i1, i32, i64, index, index, index) {
  %a = index.constant 7
  %b = index.constant -2
  %big = index.constant 4294967296
  %z = index.constant 0
  %0 = index.add %a, %b
  %1 = index.sub %a, %b
  %2 = index.mul %a, %b
  %3 = index.divs %a, %b
  %4 = index.ceildivs %a, %b
  %5 = index.floordivs %a, %b
  %6 = index.rems %a, %b
  %7 = index.divu %a, %b
  %8 = index.maxs %a, %b
  %9 = index.maxu %a, %b
  %10 = index.shl %a, %a
  %11 = index.divs %a, %z
  %12 = index.cmp slt(%a, %b)
  %13 = index.cmp ult(%a, %b)
  %14 = index.cmp eq(%big, %z)
  %15 = index.casts %b : index to i32
  %16 = index.castu %big : index to i64
  %17 = index.divu %big, %a
  %18 = index.ceildivu %a, %b
  %19 = index.shru %b, %a
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19 : index, index, index, index, index, index, index, index, index, index, index, index, i1, i1, i1, i32, i64, index, index, index
}
