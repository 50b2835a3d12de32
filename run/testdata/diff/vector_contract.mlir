// vector.contract (dot product into a scalar, matmul, a batch dimension)
// and vector.outerproduct (with and without an accumulator, the AXPY form
// with a scalar, integer and max kinds), across a call. (Contractions
// upstream does not lower, mixed precision and kinds other than add, are
// checked in interp/vector.)
#dot = {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> ()>], iterator_types = ["reduction"]}
#matmul = {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]}
#batch = {indexing_maps = [affine_map<(b, i, k) -> (b, i, k)>, affine_map<(b, i, k) -> (b, k)>, affine_map<(b, i, k) -> (b, i)>], iterator_types = ["parallel", "parallel", "reduction"]}

func.func @contracts(%a: vector<4xf32>, %b: vector<4xf32>, %s: f32, %m: vector<2x3xf32>, %n: vector<3x2xf32>, %acc: vector<2x2xf32>, %p: vector<2x2x3xi32>, %q: vector<2x3xi32>, %r: vector<2x2xi32>) {
  %0 = vector.contract #dot %a, %b, %s : vector<4xf32>, vector<4xf32> into f32
  vector.print %0 : f32
  %1 = vector.contract #matmul %m, %n, %acc : vector<2x3xf32>, vector<3x2xf32> into vector<2x2xf32>
  vector.print %1 : vector<2x2xf32>
  %3 = vector.contract #batch %p, %q, %r : vector<2x2x3xi32>, vector<2x3xi32> into vector<2x2xi32>
  vector.print %3 : vector<2x2xi32>
  return
}

func.func @outers(%a: vector<3xf32>, %b: vector<2xf32>, %acc: vector<3x2xf32>, %s: f32, %acc1: vector<3xf32>, %i: vector<2xi32>, %j: vector<3xi32>, %iacc: vector<2x3xi32>) {
  %0 = vector.outerproduct %a, %b : vector<3xf32>, vector<2xf32>
  vector.print %0 : vector<3x2xf32>
  %1 = vector.outerproduct %a, %b, %acc : vector<3xf32>, vector<2xf32>
  vector.print %1 : vector<3x2xf32>
  %2 = vector.outerproduct %a, %s, %acc1 : vector<3xf32>, f32
  vector.print %2 : vector<3xf32>
  %3 = vector.outerproduct %i, %j, %iacc : vector<2xi32>, vector<3xi32>
  vector.print %3 : vector<2x3xi32>
  %4 = vector.outerproduct %a, %b, %acc {kind = #vector.kind<maxnumf>} : vector<3xf32>, vector<2xf32>
  vector.print %4 : vector<3x2xf32>
  %5 = vector.outerproduct %i, %j, %iacc {kind = #vector.kind<minsi>} : vector<2xi32>, vector<3xi32>
  vector.print %5 : vector<2x3xi32>
  return
}

func.func @main() {
  %a = arith.constant dense<[1.0, -2.0, 3.0, 4.5]> : vector<4xf32>
  %b = arith.constant dense<[2.0, 0.5, -1.0, 2.0]> : vector<4xf32>
  %s = arith.constant 0.25 : f32
  %m = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : vector<2x3xf32>
  %n = arith.constant dense<[[1.0, -1.0], [0.5, 2.0], [-2.0, 1.0]]> : vector<3x2xf32>
  %acc = arith.constant dense<[[10.0, 20.0], [30.0, 40.0]]> : vector<2x2xf32>
  %p = arith.constant dense<[[[1, 2, 3], [4, 5, 6]], [[-1, 0, 1], [2, 2, 2]]]> : vector<2x2x3xi32>
  %q = arith.constant dense<[[1, 1, 1], [3, -1, 2]]> : vector<2x3xi32>
  %r = arith.constant dense<[[0, 100], [200, 300]]> : vector<2x2xi32>
  func.call @contracts(%a, %b, %s, %m, %n, %acc, %p, %q, %r) : (vector<4xf32>, vector<4xf32>, f32, vector<2x3xf32>, vector<3x2xf32>, vector<2x2xf32>, vector<2x2x3xi32>, vector<2x3xi32>, vector<2x2xi32>) -> ()
  %oa = arith.constant dense<[1.5, -2.0, 3.0]> : vector<3xf32>
  %ob = arith.constant dense<[2.0, -0.5]> : vector<2xf32>
  %oacc = arith.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : vector<3x2xf32>
  %os = arith.constant 4.0 : f32
  %oacc1 = arith.constant dense<[0.5, 0.25, -1.0]> : vector<3xf32>
  %oi = arith.constant dense<[3, -2]> : vector<2xi32>
  %oj = arith.constant dense<[1, 5, -7]> : vector<3xi32>
  %oiacc = arith.constant dense<[[10, 20, 30], [-5, -6, -7]]> : vector<2x3xi32>
  func.call @outers(%oa, %ob, %oacc, %os, %oacc1, %oi, %oj, %oiacc) : (vector<3xf32>, vector<2xf32>, vector<3x2xf32>, f32, vector<3xf32>, vector<2xi32>, vector<3xi32>, vector<2x3xi32>) -> ()
  return
}
