llvm.mlir.global internal constant @tbl(dense<[1.5, 2.5, 3.0]> : tensor<3xf64>) {addr_space = 0 : i32} : !llvm.array<3 x f64>
llvm.func @sumsq(%n: i64) -> f64 {
  %c0 = llvm.mlir.constant(0 : i64) : i64
  %c1 = llvm.mlir.constant(1 : i64) : i64
  %z = llvm.mlir.constant(0.0 : f64) : f64
  %t = llvm.mlir.addressof @tbl : !llvm.ptr
  llvm.br ^loop(%c0, %z : i64, f64)
^loop(%i: i64, %acc: f64):
  %done = llvm.icmp "sge" %i, %n : i64
  llvm.cond_br %done, ^exit, ^body
^body:
  %p = llvm.getelementptr %t[0, %i] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.array<3 x f64>
  %v = llvm.load %p : !llvm.ptr -> f64
  %sq = llvm.fmul %v, %v : f64
  %s = llvm.intr.sqrt(%sq) : (f64) -> f64
  %acc2 = llvm.fadd %acc, %s : f64
  %i2 = llvm.add %i, %c1 : i64
  llvm.br ^loop(%i2, %acc2 : i64, f64)
^exit:
  llvm.return %acc : f64
}
llvm.func @main() -> i32 {
  %n = llvm.mlir.constant(3 : i64) : i64
  %one = llvm.mlir.constant(1 : i64) : i64
  %slot = llvm.alloca %one x f64 : (i64) -> !llvm.ptr
  %r = llvm.call @sumsq(%n) : (i64) -> f64
  llvm.store %r, %slot : f64, !llvm.ptr
  %back = llvm.load %slot : !llvm.ptr -> f64
  %ri = llvm.fptosi %back : f64 to i32
  llvm.switch %ri : i32, ^bad [
    7: ^good
  ]
^good:
  %z = llvm.mlir.constant(0 : i32) : i32
  llvm.return %z : i32
^bad:
  llvm.return %ri : i32
}
