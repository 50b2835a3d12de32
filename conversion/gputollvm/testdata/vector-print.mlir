// vector.print of scalars lowers with the host code, as upstream's pass
// lowers it: integers extended to i64 for printI64, then printNewline.
// CHECK: llvm.sext %{{.*}} : i32 to i64
// CHECK: llvm.call @printI64
// CHECK: llvm.call @printNewline
func.func @f(%x: i32, %m: memref<2xi32>) {
  %c0 = arith.constant 0 : index
  %y = memref.load %m[%c0] : memref<2xi32>
  vector.print %x : i32
  vector.print %y : i32
  return
}
