// Integer and float arithmetic at several widths: divisions with
// upstream's rounding, casts, shifts, min/max, extended multiplication.
func.func private @printI64(i64)
func.func private @printU64(i64)
func.func private @printF32(f32)
func.func private @printF64(f64)
func.func private @printNewline()
func.func private @printComma()
func.func private @printMemrefI32(tensor<*xi32>)

func.func @p(%x: i64) {
  call @printI64(%x) : (i64) -> ()
  call @printComma() : () -> ()
  return
}

func.func @main() {
  %a = arith.constant -7 : i32
  %b = arith.constant 2 : i32
  %d1 = arith.divsi %a, %b : i32
  %d2 = arith.ceildivsi %a, %b : i32
  %d3 = arith.floordivsi %a, %b : i32
  %d4 = arith.remsi %a, %b : i32
  %d5 = arith.divui %a, %b : i32
  %d6 = arith.ceildivui %a, %b : i32
  %d7 = arith.remui %a, %b : i32
  %l = arith.shli %a, %b : i32
  %rs = arith.shrsi %a, %b : i32
  %ru = arith.shrui %a, %b : i32
  %mx = arith.maxui %a, %b : i32
  %mn = arith.minsi %a, %b : i32
  %x = arith.xori %a, %b : i32
  %o = arith.ori %a, %b : i32
  %n = arith.andi %a, %b : i32
  %vals = tensor.from_elements %d1, %d2, %d3, %d4, %d5, %d6, %d7, %l, %rs, %ru, %mx, %mn, %x, %o, %n : tensor<15xi32>
  %uvals = tensor.cast %vals : tensor<15xi32> to tensor<*xi32>
  call @printMemrefI32(%uvals) : (tensor<*xi32>) -> ()

  // Narrow integers wrap.
  %i8a = arith.constant 100 : i8
  %i8s = arith.addi %i8a, %i8a : i8
  %i8w = arith.extsi %i8s : i8 to i64
  call @p(%i8w) : (i64) -> ()
  %i8u = arith.extui %i8s : i8 to i64
  call @p(%i8u) : (i64) -> ()
  %big = arith.constant 300 : i64
  %t = arith.trunci %big : i64 to i8
  %te = arith.extsi %t : i8 to i64
  call @p(%te) : (i64) -> ()
  %lo, %hi = arith.mulsi_extended %a, %a : i32
  %loe = arith.extsi %lo : i32 to i64
  call @p(%loe) : (i64) -> ()
  %m64 = arith.constant -3000000000000 : i64
  %lo2, %hi2 = arith.mului_extended %m64, %m64 : i64
  call @printU64(%hi2) : (i64) -> ()
  call @printNewline() : () -> ()

  // Float casts and rounding.
  %f = arith.constant 3.7 : f64
  %fi = arith.fptosi %f : f64 to i32
  %fie = arith.extsi %fi : i32 to i64
  call @p(%fie) : (i64) -> ()
  %nf = arith.negf %f : f64
  %nfi = arith.fptosi %nf : f64 to i64
  call @p(%nfi) : (i64) -> ()
  %tf = arith.truncf %f : f64 to f32
  call @printF32(%tf) : (f32) -> ()
  call @printComma() : () -> ()
  %h = arith.truncf %f : f64 to f16
  %he = arith.extf %h : f16 to f64
  call @printF64(%he) : (f64) -> ()
  call @printComma() : () -> ()
  %bf = arith.truncf %f : f64 to bf16
  %bfe = arith.extf %bf : bf16 to f64
  call @printF64(%bfe) : (f64) -> ()
  call @printComma() : () -> ()
  %u = arith.uitofp %a : i32 to f32
  call @printF32(%u) : (f32) -> ()
  call @printComma() : () -> ()
  %s = arith.sitofp %a : i32 to f32
  call @printF32(%s) : (f32) -> ()
  call @printComma() : () -> ()
  %third = arith.constant 0.333333343 : f32
  %q = arith.divf %tf, %third : f32
  call @printF32(%q) : (f32) -> ()
  call @printComma() : () -> ()
  %rm = arith.remf %f, %nf : f64
  call @printF64(%rm) : (f64) -> ()
  call @printComma() : () -> ()
  %bits = arith.bitcast %tf : f32 to i32
  %bitse = arith.extui %bits : i32 to i64
  call @p(%bitse) : (i64) -> ()
  %z = arith.constant -0.0 : f32
  %pz = arith.constant 0.0 : f32
  %mxf = arith.maximumf %z, %pz : f32
  call @printF32(%mxf) : (f32) -> ()
  call @printComma() : () -> ()
  %mnf = arith.minimumf %z, %pz : f32
  call @printF32(%mnf) : (f32) -> ()
  call @printNewline() : () -> ()
  return
}
