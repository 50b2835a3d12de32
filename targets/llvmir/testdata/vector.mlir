// Vector constants, insertelement, extractelement, shufflevector,
// fmuladd and the vector.reduce intrinsics. main returns 0 when every
// check holds, else the number of the failed check.
llvm.func @main() -> i32 {
  %v = llvm.mlir.constant(dense<[1.0, 2.0, 3.0, 4.0]> : vector<4xf32>) : vector<4xf32>
  %ten = llvm.mlir.constant(10.0 : f32) : f32
  %i1 = llvm.mlir.constant(1 : i64) : i64
  %w = llvm.insertelement %ten, %v[%i1 : i64] : vector<4xf32>
  %poison = llvm.mlir.poison : vector<4xf32>
  %s = llvm.shufflevector %w, %poison [1, 1, 0, 3] : vector<4xf32>
  %zero = llvm.mlir.constant(0.0 : f32) : f32
  // 10 + 10 + 1 + 4 = 25
  %sum = "llvm.intr.vector.reduce.fadd"(%zero, %s) <{fastmathFlags = #llvm.fastmath<none>}> : (f32, vector<4xf32>) -> f32
  %c25 = llvm.mlir.constant(25.0 : f32) : f32
  %ok1 = llvm.fcmp "oeq" %sum, %c25 : f32
  // v*v + v at lane 3: 16 + 4 = 20
  %fm = llvm.intr.fmuladd(%v, %v, %v) : (vector<4xf32>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
  %i3 = llvm.mlir.constant(3 : i32) : i32
  %e = llvm.extractelement %fm[%i3 : i32] : vector<4xf32>
  %c20 = llvm.mlir.constant(20.0 : f32) : f32
  %ok2 = llvm.fcmp "oeq" %e, %c20 : f32
  %b = llvm.mlir.constant(dense<[3, -7, 5]> : vector<3xi8>) : vector<3xi8>
  %mx = "llvm.intr.vector.reduce.smax"(%b) : (vector<3xi8>) -> i8
  %mn = "llvm.intr.vector.reduce.umax"(%b) : (vector<3xi8>) -> i8
  %c5 = llvm.mlir.constant(5 : i8) : i8
  %cm7 = llvm.mlir.constant(-7 : i8) : i8
  %ok3 = llvm.icmp "eq" %mx, %c5 : i8
  %ok4 = llvm.icmp "eq" %mn, %cm7 : i8
  %mxf = llvm.intr.vector.reduce.fmax(%v) : (vector<4xf32>) -> f32
  %c4 = llvm.mlir.constant(4.0 : f32) : f32
  %ok5 = llvm.fcmp "oeq" %mxf, %c4 : f32
  %r0 = llvm.mlir.constant(0 : i32) : i32
  %r1 = llvm.mlir.constant(1 : i32) : i32
  %r2 = llvm.mlir.constant(2 : i32) : i32
  %r3 = llvm.mlir.constant(3 : i32) : i32
  %r4 = llvm.mlir.constant(4 : i32) : i32
  %r5 = llvm.mlir.constant(5 : i32) : i32
  %a5 = llvm.select %ok5, %r0, %r5 : i1, i32
  %a4 = llvm.select %ok4, %a5, %r4 : i1, i32
  %a3 = llvm.select %ok3, %a4, %r3 : i1, i32
  %a2 = llvm.select %ok2, %a3, %r2 : i1, i32
  %a1 = llvm.select %ok1, %a2, %r1 : i1, i32
  llvm.return %a1 : i32
}
