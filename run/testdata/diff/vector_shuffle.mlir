// vector.shuffle: two operands of one 1-D type (llvm.shufflevector),
// operands of different lengths (element by element), 2-D operands (row
// by row through the arrays), and integers, across a call.
func.func @shuffles(%a: vector<4xf32>, %b: vector<4xf32>, %c: vector<2xf32>, %m: vector<2x3xi32>, %n: vector<1x3xi32>) -> vector<3x3xi32> {
  %0 = vector.shuffle %a, %b [0, 5, 2, 7, 1, 1] : vector<4xf32>, vector<4xf32>
  vector.print %0 : vector<6xf32>
  %1 = vector.shuffle %a, %c [5, 0, 4, 3] : vector<4xf32>, vector<2xf32>
  vector.print %1 : vector<4xf32>
  %2 = vector.shuffle %m, %n [2, 0, 1] : vector<2x3xi32>, vector<1x3xi32>
  vector.print %2 : vector<3x3xi32>
  %3 = vector.shuffle %c, %c [1, 3] : vector<2xf32>, vector<2xf32>
  vector.print %3 : vector<2xf32>
  return %2 : vector<3x3xi32>
}

func.func @main() {
  %a = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : vector<4xf32>
  %b = arith.constant dense<[-1.5, -2.5, -3.5, -4.5]> : vector<4xf32>
  %c = arith.constant dense<[10.0, 20.0]> : vector<2xf32>
  %m = arith.constant dense<[[1, 2, 3], [4, 5, 6]]> : vector<2x3xi32>
  %n = arith.constant dense<[[7, 8, 9]]> : vector<1x3xi32>
  %r = func.call @shuffles(%a, %b, %c, %m, %n) : (vector<4xf32>, vector<4xf32>, vector<2xf32>, vector<2x3xi32>, vector<1x3xi32>) -> vector<3x3xi32>
  %e = vector.extract %r[1, 2] : i32 from vector<3x3xi32>
  vector.print %e : i32
  return
}
