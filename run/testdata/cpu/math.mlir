// math operations lowered to LLVM intrinsics, on f64 and f32.
func.func private @printF64(f64)
func.func private @printF32(f32)
func.func private @printComma()
func.func private @printNewline()

func.func @show(%x: f64) {
  %sq = math.sqrt %x : f64
  %ex = math.exp %x : f64
  %lg = math.log %x : f64
  %l2 = math.log2 %x : f64
  %si = math.sin %x : f64
  %co = math.cos %x : f64
  %fl = math.floor %x : f64
  %ce = math.ceil %x : f64
  %ab = math.absf %x : f64
  %fm = math.fma %x, %x, %x : f64
  %pw = math.powf %x, %x : f64
  call @printF64(%sq) : (f64) -> ()
  call @printComma() : () -> ()
  call @printF64(%ex) : (f64) -> ()
  call @printComma() : () -> ()
  call @printF64(%lg) : (f64) -> ()
  call @printComma() : () -> ()
  call @printF64(%l2) : (f64) -> ()
  call @printComma() : () -> ()
  call @printF64(%si) : (f64) -> ()
  call @printComma() : () -> ()
  call @printF64(%co) : (f64) -> ()
  call @printComma() : () -> ()
  call @printF64(%fl) : (f64) -> ()
  call @printComma() : () -> ()
  call @printF64(%ce) : (f64) -> ()
  call @printComma() : () -> ()
  call @printF64(%ab) : (f64) -> ()
  call @printComma() : () -> ()
  call @printF64(%fm) : (f64) -> ()
  call @printComma() : () -> ()
  call @printF64(%pw) : (f64) -> ()
  call @printNewline() : () -> ()
  return
}

func.func @main() {
  %a = arith.constant 2.25 : f64
  call @show(%a) : (f64) -> ()
  %b = arith.constant 0.1 : f64
  call @show(%b) : (f64) -> ()
  %c = arith.constant 7.5 : f32
  %s = math.sqrt %c : f32
  %e = math.exp %c : f32
  %t = math.log10 %c : f32
  %th = math.tanh %c : f32
  call @printF32(%s) : (f32) -> ()
  call @printComma() : () -> ()
  call @printF32(%e) : (f32) -> ()
  call @printComma() : () -> ()
  call @printF32(%t) : (f32) -> ()
  call @printComma() : () -> ()
  call @printF32(%th) : (f32) -> ()
  call @printNewline() : () -> ()
  return
}
