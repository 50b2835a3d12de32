// bf16 constants and conversions, tanh and exp10 (C library calls), atomicrmw, memcpy of a nested dense global into a stack buffer, stacksave and
// stackrestore, maximum/minimum with NaN and signed zeros, and a
// conditional branch whose two edges reach one block with different
// arguments. main returns 0 when every check holds.
llvm.mlir.global private constant @table(dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>) {addr_space = 0 : i32} : !llvm.array<2 x array<3 x i32>>
llvm.func @pick(%c: i1) -> i32 {
  %a = llvm.mlir.constant(7 : i32) : i32
  %b = llvm.mlir.constant(9 : i32) : i32
  llvm.cond_br %c, ^bb1(%a : i32), ^bb1(%b : i32)
^bb1(%r: i32):
  llvm.return %r : i32
}
llvm.func @main() -> i32 {
  %sp = llvm.intr.stacksave : !llvm.ptr
  %n = llvm.mlir.constant(6 : i64) : i64
  %buf = llvm.alloca %n x i32 : (i64) -> !llvm.ptr
  %g = llvm.mlir.addressof @table : !llvm.ptr
  %bytes = llvm.mlir.constant(24 : i64) : i64
  "llvm.intr.memcpy"(%buf, %g, %bytes) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
  %i4 = llvm.mlir.constant(4 : i64) : i64
  %p4 = llvm.getelementptr %buf[%i4] : (!llvm.ptr, i64) -> !llvm.ptr, i32
  %v4 = llvm.load %p4 : !llvm.ptr -> i32
  %one32 = llvm.mlir.constant(1 : i32) : i32
  %old = llvm.atomicrmw add %p4, %one32 acq_rel : !llvm.ptr, i32
  %v4b = llvm.load %p4 : !llvm.ptr -> i32
  %v4c = llvm.sub %v4b, %old : i32
  %okrmw = llvm.icmp "eq" %v4c, %one32 : i32
  llvm.intr.stackrestore %sp : !llvm.ptr
  %f5 = llvm.mlir.constant(5 : i32) : i32
  %ok1 = llvm.icmp "eq" %v4, %f5 : i32
  %z = llvm.mlir.constant(0.0 : f32) : f32
  %nz = llvm.mlir.constant(-0.0 : f32) : f32
  %one = llvm.mlir.constant(1.0 : f32) : f32
  %nan = llvm.fdiv %z, %z : f32
  %mx = llvm.intr.maximum(%nz, %z) : (f32, f32) -> f32
  %mxi = llvm.bitcast %mx : f32 to i32
  %zi = llvm.mlir.constant(0 : i32) : i32
  %ok2 = llvm.icmp "eq" %mxi, %zi : i32
  %mn = llvm.intr.minimum(%z, %nz) : (f32, f32) -> f32
  %mni = llvm.bitcast %mn : f32 to i32
  %signbit = llvm.mlir.constant(-2147483648 : i32) : i32
  %ok3 = llvm.icmp "eq" %mni, %signbit : i32
  %mnan = llvm.intr.maximum(%one, %nan) : (f32, f32) -> f32
  %ok4 = llvm.fcmp "uno" %mnan, %mnan : f32
  %m1 = llvm.intr.maximum(%one, %z) : (f32, f32) -> f32
  %ok5 = llvm.fcmp "oeq" %m1, %one : f32
  %onehalf = llvm.mlir.constant(1.5 : f32) : f32
  %bh = llvm.fptrunc %onehalf : f32 to bf16
  %bc = llvm.mlir.constant(1.5 : bf16) : bf16
  %okbf = llvm.fcmp "oeq" %bh, %bc : bf16
  %back = llvm.fpext %bh : bf16 to f32
  %okbf2 = llvm.fcmp "oeq" %back, %onehalf : f32
  %th = llvm.intr.tanh(%z) : (f32) -> f32
  %okth = llvm.fcmp "oeq" %th, %z : f32
  %two64 = llvm.mlir.constant(2.0 : f64) : f64
  %e10 = llvm.intr.exp10(%two64) : (f64) -> f64
  %h64 = llvm.mlir.constant(100.0 : f64) : f64
  %oke10 = llvm.fcmp "oeq" %e10, %h64 : f64
  %t = llvm.mlir.constant(true) : i1
  %f = llvm.mlir.constant(false) : i1
  %p7 = llvm.call @pick(%t) : (i1) -> i32
  %p9 = llvm.call @pick(%f) : (i1) -> i32
  %s = llvm.add %p7, %p9 : i32
  %c16 = llvm.mlir.constant(16 : i32) : i32
  %ok6 = llvm.icmp "eq" %s, %c16 : i32
  %a1 = llvm.and %ok1, %ok2 : i1
  %a2 = llvm.and %a1, %ok3 : i1
  %a3 = llvm.and %a2, %ok4 : i1
  %a4 = llvm.and %a3, %ok5 : i1
  %a5 = llvm.and %a4, %ok6 : i1
  %a6 = llvm.and %a5, %okrmw : i1
  %a7 = llvm.and %a6, %okbf : i1
  %a8 = llvm.and %a7, %okbf2 : i1
  %a9 = llvm.and %a8, %okth : i1
  %a10 = llvm.and %a9, %oke10 : i1
  %bad = llvm.xor %a10, %t : i1
  %r = llvm.zext %bad : i1 to i32
  llvm.return %r : i32
}
