func.func @f(%a: index, %b: index, %i: i32) -> (index, i1) {
  %0 = index.add %a, %b
  %1 = index.sub %0, %b
  %2 = index.mul %1, %b
  %3 = index.divs %2, %b
  %4 = index.divu %3, %b
  %5 = index.ceildivs %4, %b
  %6 = index.ceildivu %5, %b
  %7 = index.floordivs %6, %b
  %8 = index.rems %7, %b
  %9 = index.remu %8, %b
  %10 = index.maxs %9, %b
  %11 = index.maxu %10, %b
  %12 = index.mins %11, %b
  %13 = index.minu %12, %b
  %14 = index.shl %13, %b
  %15 = index.shrs %14, %b
  %16 = index.shru %15, %b
  %17 = index.and %16, %b
  %18 = index.or %17, %b
  %19 = index.xor %18, %b
  %c = index.constant 42
  %m = index.constant -1
  %t = index.bool.constant true
  %f = index.bool.constant false
  %s = index.sizeof
  %x = index.casts %i : i32 to index
  %y = index.castu %a : index to i64
  %z = index.cmp slt(%19, %c)
  %w = index.cmp uge(%x, %s)
  return %19, %z : index, i1
}
