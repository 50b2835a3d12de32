// math operations without an LLVM intrinsic, which convert-math-to-libm
// turns into calls of the C library: on f64, f32 (erff, ...) and f16
// (computed in f32).
func.func private @printF64(f64)
func.func private @printF32(f32)
func.func private @printComma()
func.func private @printNewline()

func.func @p64(%x: f64) {
  call @printF64(%x) : (f64) -> ()
  call @printComma() : () -> ()
  return
}

func.func @p32(%x: f32) {
  call @printF32(%x) : (f32) -> ()
  call @printComma() : () -> ()
  return
}

func.func @show64(%x: f64) {
  %0 = math.erf %x : f64
  call @p64(%0) : (f64) -> ()
  %1 = math.erfc %x : f64
  call @p64(%1) : (f64) -> ()
  %2 = math.cbrt %x : f64
  call @p64(%2) : (f64) -> ()
  %3 = math.asinh %x : f64
  call @p64(%3) : (f64) -> ()
  %4 = math.absf %x : f64
  %c1 = arith.constant 1.0 : f64
  %5 = arith.addf %4, %c1 : f64
  %6 = math.acosh %5 : f64
  call @p64(%6) : (f64) -> ()
  %c4 = arith.constant 4.0 : f64
  %7 = arith.divf %x, %c4 : f64
  %8 = math.atanh %7 : f64
  call @p64(%8) : (f64) -> ()
  call @printNewline() : () -> ()
  return
}

func.func @show32(%x: f32) {
  %0 = math.erf %x : f32
  call @p32(%0) : (f32) -> ()
  %1 = math.erfc %x : f32
  call @p32(%1) : (f32) -> ()
  %2 = math.cbrt %x : f32
  call @p32(%2) : (f32) -> ()
  %3 = math.asinh %x : f32
  call @p32(%3) : (f32) -> ()
  %h = arith.truncf %x : f32 to f16
  %4 = math.erf %h : f16
  %5 = arith.extf %4 : f16 to f32
  call @p32(%5) : (f32) -> ()
  call @printNewline() : () -> ()
  return
}

func.func @main() {
  %a = arith.constant 0.5 : f64
  %b = arith.constant -1.25 : f64
  %c = arith.constant 3.0 : f64
  call @show64(%a) : (f64) -> ()
  call @show64(%b) : (f64) -> ()
  call @show64(%c) : (f64) -> ()
  %d = arith.constant 0.75 : f32
  %e = arith.constant -2.0 : f32
  call @show32(%d) : (f32) -> ()
  call @show32(%e) : (f32) -> ()
  return
}
