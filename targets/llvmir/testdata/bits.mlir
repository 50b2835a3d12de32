// ctlz, cttz, abs, is.fpclass, sincos, prefetch and addrspacecast; assume with an align bundle; a branch to llvm.unreachable that is
// never taken. main returns 0 when every check holds.
llvm.func @main() -> i32 {
  %x = llvm.mlir.constant(40 : i32) : i32
  %z = llvm.mlir.constant(0 : i32) : i32
  %one64 = llvm.mlir.constant(1 : i64) : i64
  %buf = llvm.alloca %one64 x i64 : (i64) -> !llvm.ptr
  %true = llvm.mlir.constant(true) : i1
  %eight = llvm.mlir.constant(8 : i64) : i64
  llvm.intr.assume %true ["align"(%buf, %eight : !llvm.ptr, i64)] : i1
  %buf1 = llvm.addrspacecast %buf : !llvm.ptr to !llvm.ptr<1>
  %buf0 = llvm.addrspacecast %buf1 : !llvm.ptr<1> to !llvm.ptr
  "llvm.intr.prefetch"(%buf0) <{cache = 1 : i32, hint = 3 : i32, rw = 0 : i32}> : (!llvm.ptr) -> ()
  %m = llvm.mlir.constant(-7 : i32) : i32
  %lz = "llvm.intr.ctlz"(%x) <{is_zero_poison = false}> : (i32) -> i32
  %tz = "llvm.intr.cttz"(%x) <{is_zero_poison = false}> : (i32) -> i32
  %lz0 = "llvm.intr.ctlz"(%z) <{is_zero_poison = false}> : (i32) -> i32
  %ab = "llvm.intr.abs"(%m) <{is_int_min_poison = false}> : (i32) -> i32
  %c26 = llvm.mlir.constant(26 : i32) : i32
  %c3 = llvm.mlir.constant(3 : i32) : i32
  %c32 = llvm.mlir.constant(32 : i32) : i32
  %c7 = llvm.mlir.constant(7 : i32) : i32
  %ok1 = llvm.icmp "eq" %lz, %c26 : i32
  %ok2 = llvm.icmp "eq" %tz, %c3 : i32
  %ok3 = llvm.icmp "eq" %lz0, %c32 : i32
  %ok4 = llvm.icmp "eq" %ab, %c7 : i32
  %f0 = llvm.mlir.constant(0.0 : f32) : f32
  %f1 = llvm.mlir.constant(1.5 : f32) : f32
  %nan = llvm.fdiv %f0, %f0 : f32
  %isnan = "llvm.intr.is.fpclass"(%nan) <{bit = 3 : i32}> : (f32) -> i1
  %fin = "llvm.intr.is.fpclass"(%f1) <{bit = 504 : i32}> : (f32) -> i1
  %finnan = "llvm.intr.is.fpclass"(%nan) <{bit = 504 : i32}> : (f32) -> i1
  %t = llvm.mlir.constant(true) : i1
  %ok5 = llvm.xor %finnan, %t : i1
  %a1 = llvm.and %ok1, %ok2 : i1
  %a2 = llvm.and %a1, %ok3 : i1
  %a3 = llvm.and %a2, %ok4 : i1
  %a4 = llvm.and %a3, %isnan : i1
  %a5 = llvm.and %a4, %fin : i1
  %a6a = llvm.and %a5, %ok5 : i1
  %sc = llvm.intr.sincos(%f0) : (f32) -> !llvm.struct<(f32, f32)>
  %sin0 = llvm.extractvalue %sc[0] : !llvm.struct<(f32, f32)>
  %cos0 = llvm.extractvalue %sc[1] : !llvm.struct<(f32, f32)>
  %fone = llvm.mlir.constant(1.0 : f32) : f32
  %oks = llvm.fcmp "oeq" %sin0, %f0 : f32
  %okc = llvm.fcmp "oeq" %cos0, %fone : f32
  %a6b = llvm.and %a6a, %oks : i1
  %a6 = llvm.and %a6b, %okc : i1
  llvm.cond_br %a6, ^ok, ^bad
^bad:
  %one = llvm.mlir.constant(1 : i32) : i32
  llvm.return %one : i32
^ok:
  %b = llvm.icmp "eq" %x, %z : i32
  llvm.cond_br %b, ^never, ^done
^never:
  llvm.unreachable
^done:
  llvm.return %z : i32
}
