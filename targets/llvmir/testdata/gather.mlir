// Vector getelementptr with i32 and i64 index vectors (negative ones
// included), llvm.intr.masked.gather with and without a pass-through
// vector, and llvm.intr.masked.scatter with a masked-off lane whose
// address is out of bounds. main returns 0 when every check holds, else
// the number of the failed check.
llvm.func @main() -> i32 {
  %n = llvm.mlir.constant(8 : i64) : i64
  %buf = llvm.alloca %n x i32 : (i64) -> !llvm.ptr
  %init = llvm.mlir.constant(dense<[10, 11, 12, 13, 14, 15, 16, 17]> : vector<8xi32>) : vector<8xi32>
  llvm.store %init, %buf {alignment = 4 : i64} : vector<8xi32>, !llvm.ptr
  %mid = llvm.getelementptr %buf[4] : (!llvm.ptr) -> !llvm.ptr, i32
  %idx = llvm.mlir.constant(dense<[-4, 3, 0, -1]> : vector<4xi32>) : vector<4xi32>
  %ps = llvm.getelementptr %mid[%idx] : (!llvm.ptr, vector<4xi32>) -> vector<4x!llvm.ptr>, i32
  %m = llvm.mlir.constant(dense<[false, true, false, true]> : vector<4xi1>) : vector<4xi1>
  %pass = llvm.mlir.constant(dense<-1> : vector<4xi32>) : vector<4xi32>
  // [-1, 17, -1, 13]
  %g = llvm.intr.masked.gather %ps, %m, %pass {alignment = 4 : i32} : (vector<4x!llvm.ptr>, vector<4xi1>, vector<4xi32>) -> vector<4xi32>
  %wg = llvm.mlir.constant(dense<[-1, 17, -1, 13]> : vector<4xi32>) : vector<4xi32>
  %eg = llvm.icmp "eq" %g, %wg : vector<4xi32>
  %ok1 = "llvm.intr.vector.reduce.and"(%eg) : (vector<4xi1>) -> i1
  // Without a pass-through vector: only the active lanes are defined.
  %all = llvm.mlir.constant(dense<true> : vector<4xi1>) : vector<4xi1>
  %g2 = llvm.intr.masked.gather %ps, %all {alignment = 4 : i32} : (vector<4x!llvm.ptr>, vector<4xi1>) -> vector<4xi32>
  %wg2 = llvm.mlir.constant(dense<[10, 17, 14, 13]> : vector<4xi32>) : vector<4xi32>
  %eg2 = llvm.icmp "eq" %g2, %wg2 : vector<4xi32>
  %ok2 = "llvm.intr.vector.reduce.and"(%eg2) : (vector<4xi1>) -> i1
  // Lane 3 (index 100) is masked off.
  %sidx = llvm.mlir.constant(dense<[0, 2, 7, 100]> : vector<4xi64>) : vector<4xi64>
  %sp = llvm.getelementptr %buf[%sidx] : (!llvm.ptr, vector<4xi64>) -> vector<4x!llvm.ptr>, i32
  %sm = llvm.mlir.constant(dense<[true, true, true, false]> : vector<4xi1>) : vector<4xi1>
  %sv = llvm.mlir.constant(dense<[100, 200, 300, 400]> : vector<4xi32>) : vector<4xi32>
  llvm.intr.masked.scatter %sv, %sp, %sm {alignment = 4 : i32} : vector<4xi32>, vector<4xi1> into vector<4x!llvm.ptr>
  %after = llvm.load %buf {alignment = 4 : i64} : !llvm.ptr -> vector<8xi32>
  %wa = llvm.mlir.constant(dense<[100, 11, 200, 13, 14, 15, 16, 300]> : vector<8xi32>) : vector<8xi32>
  %ea = llvm.icmp "eq" %after, %wa : vector<8xi32>
  %ok3 = "llvm.intr.vector.reduce.and"(%ea) : (vector<8xi1>) -> i1
  %r0 = llvm.mlir.constant(0 : i32) : i32
  %r1 = llvm.mlir.constant(1 : i32) : i32
  %r2 = llvm.mlir.constant(2 : i32) : i32
  %r3 = llvm.mlir.constant(3 : i32) : i32
  %a3 = llvm.select %ok3, %r0, %r3 : i1, i32
  %a2 = llvm.select %ok2, %a3, %r2 : i1, i32
  %a1 = llvm.select %ok1, %a2, %r1 : i1, i32
  llvm.return %a1 : i32
}
