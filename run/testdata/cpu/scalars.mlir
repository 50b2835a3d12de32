// Scalar arithmetic printed with the runner utilities printI64, printU64,
// printF32, printF64 and the punctuation functions.
func.func private @printI64(i64)
func.func private @printU64(i64)
func.func private @printF32(f32)
func.func private @printF64(f64)
func.func private @printOpen()
func.func private @printClose()
func.func private @printComma()
func.func private @printNewline()

func.func @ints(%a: i64, %b: i64) {
  %add = arith.addi %a, %b : i64
  %sub = arith.subi %a, %b : i64
  %mul = arith.muli %a, %b : i64
  %div = arith.divsi %a, %b : i64
  %rem = arith.remsi %a, %b : i64
  %udiv = arith.divui %a, %b : i64
  %and = arith.andi %a, %b : i64
  %or = arith.ori %a, %b : i64
  %xor = arith.xori %a, %b : i64
  %c3 = arith.constant 3 : i64
  %shl = arith.shli %a, %c3 : i64
  %shr = arith.shrsi %a, %c3 : i64
  %shru = arith.shrui %a, %c3 : i64
  %max = arith.maxsi %a, %b : i64
  %min = arith.minui %a, %b : i64
  %lt = arith.cmpi slt, %a, %b : i64
  %sel = arith.select %lt, %a, %b : i64
  %t = arith.trunci %mul : i64 to i8
  %ext = arith.extsi %t : i8 to i64
  %zext = arith.extui %t : i8 to i64
  call @printOpen() : () -> ()
  call @printI64(%add) : (i64) -> ()
  call @printComma() : () -> ()
  call @printI64(%sub) : (i64) -> ()
  call @printComma() : () -> ()
  call @printI64(%mul) : (i64) -> ()
  call @printComma() : () -> ()
  call @printI64(%div) : (i64) -> ()
  call @printComma() : () -> ()
  call @printI64(%rem) : (i64) -> ()
  call @printComma() : () -> ()
  call @printU64(%udiv) : (i64) -> ()
  call @printComma() : () -> ()
  call @printI64(%and) : (i64) -> ()
  call @printComma() : () -> ()
  call @printI64(%or) : (i64) -> ()
  call @printComma() : () -> ()
  call @printI64(%xor) : (i64) -> ()
  call @printComma() : () -> ()
  call @printI64(%shl) : (i64) -> ()
  call @printComma() : () -> ()
  call @printI64(%shr) : (i64) -> ()
  call @printComma() : () -> ()
  call @printU64(%shru) : (i64) -> ()
  call @printComma() : () -> ()
  call @printI64(%max) : (i64) -> ()
  call @printComma() : () -> ()
  call @printU64(%min) : (i64) -> ()
  call @printComma() : () -> ()
  call @printI64(%sel) : (i64) -> ()
  call @printComma() : () -> ()
  call @printI64(%ext) : (i64) -> ()
  call @printComma() : () -> ()
  call @printI64(%zext) : (i64) -> ()
  call @printClose() : () -> ()
  call @printNewline() : () -> ()
  return
}

func.func @floats(%x: f64, %y: f64) {
  %add = arith.addf %x, %y : f64
  %sub = arith.subf %x, %y : f64
  %mul = arith.mulf %x, %y : f64
  %div = arith.divf %x, %y : f64
  %neg = arith.negf %x : f64
  %max = arith.maxnumf %x, %y : f64
  %f = arith.truncf %div : f64 to f32
  %g = arith.mulf %f, %f : f32
  %back = arith.extf %g : f32 to f64
  %i = arith.fptosi %mul : f64 to i64
  %u = arith.sitofp %i : i64 to f32
  %lt = arith.cmpf olt, %x, %y : f64
  %sel = arith.select %lt, %x, %y : f64
  call @printOpen() : () -> ()
  call @printF64(%add) : (f64) -> ()
  call @printComma() : () -> ()
  call @printF64(%sub) : (f64) -> ()
  call @printComma() : () -> ()
  call @printF64(%mul) : (f64) -> ()
  call @printComma() : () -> ()
  call @printF64(%div) : (f64) -> ()
  call @printComma() : () -> ()
  call @printF64(%neg) : (f64) -> ()
  call @printComma() : () -> ()
  call @printF64(%max) : (f64) -> ()
  call @printComma() : () -> ()
  call @printF32(%f) : (f32) -> ()
  call @printComma() : () -> ()
  call @printF32(%g) : (f32) -> ()
  call @printComma() : () -> ()
  call @printF64(%back) : (f64) -> ()
  call @printComma() : () -> ()
  call @printI64(%i) : (i64) -> ()
  call @printComma() : () -> ()
  call @printF32(%u) : (f32) -> ()
  call @printComma() : () -> ()
  call @printF64(%sel) : (f64) -> ()
  call @printClose() : () -> ()
  call @printNewline() : () -> ()
  return
}

func.func @main() {
  %a = arith.constant 1234567 : i64
  %b = arith.constant -89 : i64
  call @ints(%a, %b) : (i64, i64) -> ()
  call @ints(%b, %a) : (i64, i64) -> ()
  %c = arith.constant 9223372036854775807 : i64
  %d = arith.constant 7 : i64
  call @ints(%c, %d) : (i64, i64) -> ()
  %x = arith.constant 1.5 : f64
  %y = arith.constant -0.375 : f64
  call @floats(%x, %y) : (f64, f64) -> ()
  %big = arith.constant 1.0e+20 : f64
  %small = arith.constant 3.0e-7 : f64
  call @floats(%big, %small) : (f64, f64) -> ()
  %one = arith.constant 1.0 : f64
  %zero = arith.constant 0.0 : f64
  %inf = arith.divf %one, %zero : f64
  %ninf = arith.negf %inf : f64
  %nz = arith.negf %zero : f64
  call @printF64(%inf) : (f64) -> ()
  call @printComma() : () -> ()
  call @printF64(%ninf) : (f64) -> ()
  call @printComma() : () -> ()
  call @printF64(%nz) : (f64) -> ()
  call @printNewline() : () -> ()
  return
}
