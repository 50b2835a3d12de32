// Arithmetic and math on n-D vectors: broadcasts of constants that fold to
// n-D constants, elementwise arith and math on 2-D and 3-D vectors,
// comparisons, select and casts, printed with vector.print. The values
// come through a call so that they are not folded away.
func.func @compute(%s: f32, %n: i32, %m: vector<2x3xf32>) {
  %c = arith.constant 1.5 : f32
  %b = vector.broadcast %c : f32 to vector<2x3xf32>
  %bs = vector.broadcast %s : f32 to vector<2x3xf32>
  %sum = arith.addf %b, %bs : vector<2x3xf32>
  vector.print %sum : vector<2x3xf32>
  %prod = arith.mulf %sum, %m : vector<2x3xf32>
  vector.print %prod : vector<2x3xf32>
  %cmp = arith.cmpf olt, %prod, %sum : vector<2x3xf32>
  vector.print %cmp : vector<2x3xi1>
  %sel = arith.select %cmp, %prod, %sum : vector<2x3xi1>, vector<2x3xf32>
  vector.print %sel : vector<2x3xf32>
  %neg = arith.negf %sel : vector<2x3xf32>
  %mx = arith.maxnumf %neg, %m : vector<2x3xf32>
  vector.print %mx : vector<2x3xf32>
  %wide = arith.extf %mx : vector<2x3xf32> to vector<2x3xf64>
  %half = arith.constant dense<[[0.5, 0.25, 2.0], [-1.0, 3.0, 0.125]]> : vector<2x3xf64>
  %q = arith.divf %wide, %half : vector<2x3xf64>
  vector.print %q : vector<2x3xf64>
  %t = arith.truncf %q : vector<2x3xf64> to vector<2x3xf16>
  vector.print %t : vector<2x3xf16>
  %abs = math.absf %m : vector<2x3xf32>
  %sq = math.sqrt %abs : vector<2x3xf32>
  vector.print %sq : vector<2x3xf32>
  %rs = math.rsqrt %abs : vector<2x3xf32>
  vector.print %rs : vector<2x3xf32>
  %fl = math.floor %prod : vector<2x3xf32>
  %fm = math.fma %fl, %m, %sum : vector<2x3xf32>
  vector.print %fm : vector<2x3xf32>
  %bi = vector.broadcast %n : i32 to vector<2x2x3xi32>
  %ci = arith.constant dense<[[[1, 2, 3], [4, 5, 6]], [[-1, -2, -3], [7, 8, 9]]]> : vector<2x2x3xi32>
  %ai = arith.muli %bi, %ci : vector<2x2x3xi32>
  vector.print %ai : vector<2x2x3xi32>
  %k = arith.constant 1 : i32
  %kb = vector.broadcast %k : i32 to vector<2x2x3xi32>
  %sh = arith.shrsi %ai, %kb : vector<2x2x3xi32>
  %rem = arith.remsi %ai, %bi : vector<2x2x3xi32>
  %ad = arith.addi %sh, %rem : vector<2x2x3xi32>
  vector.print %ad : vector<2x2x3xi32>
  %gt = arith.cmpi sgt, %ai, %ci : vector<2x2x3xi32>
  %mi = arith.select %gt, %ai, %ci : vector<2x2x3xi1>, vector<2x2x3xi32>
  vector.print %mi : vector<2x2x3xi32>
  %mn = arith.minsi %ai, %ci : vector<2x2x3xi32>
  %fi = arith.sitofp %mn : vector<2x2x3xi32> to vector<2x2x3xf32>
  vector.print %fi : vector<2x2x3xf32>
  %nar = arith.trunci %ai : vector<2x2x3xi32> to vector<2x2x3xi8>
  %ext = arith.extui %nar : vector<2x2x3xi8> to vector<2x2x3xi64>
  vector.print %ext : vector<2x2x3xi64>
  %ix = arith.index_cast %mn : vector<2x2x3xi32> to vector<2x2x3xindex>
  vector.print %ix : vector<2x2x3xindex>
  %pc = math.ctpop %ai : vector<2x2x3xi32>
  vector.print %pc : vector<2x2x3xi32>
  return
}

func.func @main() {
  %s = arith.constant 2.0 : f32
  %n = arith.constant 3 : i32
  %m = arith.constant dense<[[1.0, -2.0, 0.5], [4.0, 0.25, -8.0]]> : vector<2x3xf32>
  call @compute(%s, %n, %m) : (f32, i32, vector<2x3xf32>) -> ()
  return
}
