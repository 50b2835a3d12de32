// Integer and float arithmetic, casts, select, struct values and a call
// to a declared C function; main returns 0 when every check holds.
llvm.func @abs(i32) -> i32
llvm.func @check(%x: i32, %want: i32, %ok: i1) -> i1 {
  %eq = llvm.icmp "eq" %x, %want : i32
  %r = llvm.and %eq, %ok : i1
  llvm.return %r : i1
}
llvm.func @main() -> i32 {
  %t = llvm.mlir.constant(true) : i1
  %a = llvm.mlir.constant(-17 : i32) : i32
  %b = llvm.mlir.constant(5 : i32) : i32
  %q = llvm.sdiv %a, %b : i32
  %ok1 = llvm.call @check(%q, %b, %t) : (i32, i32, i1) -> i1
  %m3 = llvm.mlir.constant(-3 : i32) : i32
  %ok2 = llvm.call @check(%q, %m3, %t) : (i32, i32, i1) -> i1
  %r = llvm.srem %a, %b : i32
  %m2 = llvm.mlir.constant(-2 : i32) : i32
  %ok3 = llvm.call @check(%r, %m2, %ok2) : (i32, i32, i1) -> i1
  %ab = llvm.call @abs(%a) : (i32) -> i32
  %c17 = llvm.mlir.constant(17 : i32) : i32
  %ok4 = llvm.call @check(%ab, %c17, %ok3) : (i32, i32, i1) -> i1
  %f = llvm.sitofp %a : i32 to f32
  %h = llvm.mlir.constant(0.5 : f32) : f32
  %fm = llvm.fmul %f, %h : f32
  %fi = llvm.fptosi %fm : f32 to i32
  %m8 = llvm.mlir.constant(-8 : i32) : i32
  %ok5 = llvm.call @check(%fi, %m8, %ok4) : (i32, i32, i1) -> i1
  %u = llvm.mlir.undef : !llvm.struct<(i32, f64)>
  %s1 = llvm.insertvalue %b, %u[0] : !llvm.struct<(i32, f64)>
  %e = llvm.extractvalue %s1[0] : !llvm.struct<(i32, f64)>
  %ok6 = llvm.call @check(%e, %b, %ok5) : (i32, i32, i1) -> i1
  %sh = llvm.shl %b, %b : i32
  %c160 = llvm.mlir.constant(160 : i32) : i32
  %ok7 = llvm.call @check(%sh, %c160, %ok6) : (i32, i32, i1) -> i1
  %one = llvm.mlir.constant(1 : i32) : i32
  %zero = llvm.mlir.constant(0 : i32) : i32
  %res = llvm.select %ok7, %zero, %one : i1, i32
  llvm.return %res : i32
}
