// Integers wider than 64 bits (i65, i80, i128, i256): arithmetic,
// divisions with upstream's rounding, shifts, comparisons, casts,
// extended multiplication, and memrefs of them. Each value is printed as
// its low and high 64-bit halves. (arith.floordivsi is left out: upstream
// lowers it on integers wider than 64 bits with a -1 of 64 bits,
// zero-extended, so compiled code subtracts 1 - 2^64 where it should
// subtract 1; TestWideFolds compares it with the folder instead.)
func.func private @printI64(i64)
func.func private @printU64(i64)
func.func private @printNewline()
func.func private @printComma()

func.func @p(%x: i128) {
  %lo = arith.trunci %x : i128 to i64
  %c64 = arith.constant 64 : i128
  %s = arith.shrsi %x, %c64 : i128
  %hi = arith.trunci %s : i128 to i64
  call @printU64(%lo) : (i64) -> ()
  call @printComma() : () -> ()
  call @printI64(%hi) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

func.func @p1(%x: i1) {
  %e = arith.extui %x : i1 to i64
  call @printI64(%e) : (i64) -> ()
  call @printComma() : () -> ()
  return
}

func.func @ops(%a: i128, %b: i128) {
  %0 = arith.addi %a, %b : i128
  call @p(%0) : (i128) -> ()
  %1 = arith.subi %a, %b : i128
  call @p(%1) : (i128) -> ()
  %2 = arith.muli %a, %b : i128
  call @p(%2) : (i128) -> ()
  %3 = arith.divsi %a, %b : i128
  call @p(%3) : (i128) -> ()
  %4 = arith.divui %a, %b : i128
  call @p(%4) : (i128) -> ()
  %5 = arith.remsi %a, %b : i128
  call @p(%5) : (i128) -> ()
  %6 = arith.remui %a, %b : i128
  call @p(%6) : (i128) -> ()
  %7 = arith.ceildivsi %a, %b : i128
  call @p(%7) : (i128) -> ()
  %9 = arith.ceildivui %a, %b : i128
  call @p(%9) : (i128) -> ()
  %10 = arith.andi %a, %b : i128
  call @p(%10) : (i128) -> ()
  %11 = arith.ori %a, %b : i128
  call @p(%11) : (i128) -> ()
  %12 = arith.xori %a, %b : i128
  call @p(%12) : (i128) -> ()
  %13 = arith.maxsi %a, %b : i128
  call @p(%13) : (i128) -> ()
  %14 = arith.minsi %a, %b : i128
  call @p(%14) : (i128) -> ()
  %15 = arith.maxui %a, %b : i128
  call @p(%15) : (i128) -> ()
  %16 = arith.minui %a, %b : i128
  call @p(%16) : (i128) -> ()
  %c127 = arith.constant 127 : i128
  %sh = arith.andi %b, %c127 : i128
  %17 = arith.shli %a, %sh : i128
  call @p(%17) : (i128) -> ()
  %18 = arith.shrsi %a, %sh : i128
  call @p(%18) : (i128) -> ()
  %19 = arith.shrui %a, %sh : i128
  call @p(%19) : (i128) -> ()
  %lo, %hi = arith.mulsi_extended %a, %b : i128
  call @p(%lo) : (i128) -> ()
  call @p(%hi) : (i128) -> ()
  %ulo, %uhi = arith.mului_extended %a, %b : i128
  call @p(%ulo) : (i128) -> ()
  call @p(%uhi) : (i128) -> ()
  %sum, %ov = arith.addui_extended %a, %b : i128, i1
  call @p(%sum) : (i128) -> ()
  call @p1(%ov) : (i1) -> ()
  %e0 = arith.cmpi eq, %a, %b : i128
  call @p1(%e0) : (i1) -> ()
  %e1 = arith.cmpi ne, %a, %b : i128
  call @p1(%e1) : (i1) -> ()
  %e2 = arith.cmpi slt, %a, %b : i128
  call @p1(%e2) : (i1) -> ()
  %e3 = arith.cmpi sle, %a, %b : i128
  call @p1(%e3) : (i1) -> ()
  %e4 = arith.cmpi sgt, %a, %b : i128
  call @p1(%e4) : (i1) -> ()
  %e5 = arith.cmpi sge, %a, %b : i128
  call @p1(%e5) : (i1) -> ()
  %e6 = arith.cmpi ult, %a, %b : i128
  call @p1(%e6) : (i1) -> ()
  %e7 = arith.cmpi ule, %a, %b : i128
  call @p1(%e7) : (i1) -> ()
  %e8 = arith.cmpi ugt, %a, %b : i128
  call @p1(%e8) : (i1) -> ()
  %e9 = arith.cmpi uge, %a, %b : i128
  call @p1(%e9) : (i1) -> ()
  %sel = arith.select %e2, %a, %b : i128
  call @p(%sel) : (i128) -> ()
  return
}

// Odd widths: i80 and i65 wrap at their width; i256 products.
func.func @odd(%a: i128, %b: i128) {
  %a80 = arith.trunci %a : i128 to i80
  %b80 = arith.trunci %b : i128 to i80
  %m80 = arith.muli %a80, %b80 : i80
  %d80 = arith.divsi %a80, %b80 : i80
  %r80 = arith.remui %a80, %b80 : i80
  %x1 = arith.extsi %m80 : i80 to i128
  call @p(%x1) : (i128) -> ()
  %x2 = arith.extsi %d80 : i80 to i128
  call @p(%x2) : (i128) -> ()
  %x3 = arith.extui %r80 : i80 to i128
  call @p(%x3) : (i128) -> ()
  %a65 = arith.trunci %a : i128 to i65
  %b65 = arith.trunci %b : i128 to i65
  %s65 = arith.addi %a65, %b65 : i65
  %q65 = arith.ceildivsi %a65, %b65 : i65
  %c65 = arith.cmpi slt, %a65, %b65 : i65
  %x4 = arith.extsi %s65 : i65 to i128
  call @p(%x4) : (i128) -> ()
  %x5 = arith.extsi %q65 : i65 to i128
  call @p(%x5) : (i128) -> ()
  call @p1(%c65) : (i1) -> ()
  %a256 = arith.extsi %a : i128 to i256
  %b256 = arith.extui %b : i128 to i256
  %m256 = arith.muli %a256, %b256 : i256
  %q256 = arith.divsi %m256, %b256 : i256
  %c128 = arith.constant 128 : i256
  %h256 = arith.shrsi %m256, %c128 : i256
  %y1 = arith.trunci %m256 : i256 to i128
  call @p(%y1) : (i128) -> ()
  %y2 = arith.trunci %h256 : i256 to i128
  call @p(%y2) : (i128) -> ()
  %y3 = arith.trunci %q256 : i256 to i128
  call @p(%y3) : (i128) -> ()
  %i = arith.index_cast %a : i128 to index
  %j = arith.index_cast %i : index to i128
  call @p(%j) : (i128) -> ()
  %k = arith.index_castui %i : index to i128
  call @p(%k) : (i128) -> ()
  return
}

func.func @main() {
  %a = arith.constant -170141183460469231731687303715884105000 : i128
  %b = arith.constant 98765432109876543210987 : i128
  %c = arith.constant 12345678901234567890123456789 : i128
  %d = arith.constant -3 : i128
  %e = arith.constant 340282366920938463463374607431768211455 : i128
  call @ops(%a, %b) : (i128, i128) -> ()
  call @ops(%c, %d) : (i128, i128) -> ()
  call @ops(%d, %c) : (i128, i128) -> ()
  call @ops(%e, %b) : (i128, i128) -> ()
  call @odd(%a, %b) : (i128, i128) -> ()
  call @odd(%c, %d) : (i128, i128) -> ()
  // A memref of i128: a running product through memory.
  %m = memref.alloc() : memref<5xi128>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  memref.store %c, %m[%c0] : memref<5xi128>
  scf.for %i = %c1 to %c5 step %c1 {
    %im1 = arith.subi %i, %c1 : index
    %prev = memref.load %m[%im1] : memref<5xi128>
    %n = arith.muli %prev, %b : i128
    %n2 = arith.addi %n, %d : i128
    memref.store %n2, %m[%i] : memref<5xi128>
  }
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %v0 = memref.load %m[%c0] : memref<5xi128>
  call @p(%v0) : (i128) -> ()
  %v1 = memref.load %m[%c1] : memref<5xi128>
  call @p(%v1) : (i128) -> ()
  %v2 = memref.load %m[%c2] : memref<5xi128>
  call @p(%v2) : (i128) -> ()
  %v3 = memref.load %m[%c3] : memref<5xi128>
  call @p(%v3) : (i128) -> ()
  %v4 = memref.load %m[%c4] : memref<5xi128>
  call @p(%v4) : (i128) -> ()
  memref.dealloc %m : memref<5xi128>
  return
}
