// LayerNorm over the rows of a 6x1024 f32 matrix whose means reach 9000 against spreads of about 1
// (bench.py's form), with a main that fills the rows.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @layernorm(%x: tensor<6x1024xf32>, %gamma: tensor<1024xf32>, %beta: tensor<1024xf32>) -> tensor<6x1024xf32> {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 1024.0 : f32
  %eps = arith.constant 1.0e-5 : f32
  %rows = tensor.empty() : tensor<6xf32>
  %z = linalg.fill ins(%zero : f32) outs(%rows : tensor<6xf32>) -> tensor<6xf32>
  %e = tensor.empty() : tensor<6x1024xf32>
  %ef = tensor.empty() : tensor<6x1024xf32>
  %sum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<6x1024xf32>) outs(%z : tensor<6xf32>) {
  ^bb0(%v0: f32, %acc: f32):
    %v = arith.addf %v0, %zero : f32
    %a = arith.addf %acc, %v : f32
    linalg.yield %a : f32
  } -> tensor<6xf32>
  %cent = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %sum : tensor<6x1024xf32>, tensor<6xf32>) outs(%ef : tensor<6x1024xf32>) {
  ^bb0(%v0: f32, %s: f32, %out: f32):
    %v = arith.addf %v0, %zero : f32
    %mean = arith.divf %s, %n : f32
    %cc = arith.subf %v, %mean : f32
    linalg.yield %cc : f32
  } -> tensor<6x1024xf32>
  %sq = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%cent : tensor<6x1024xf32>) outs(%z : tensor<6xf32>) {
  ^bb0(%cv: f32, %acc: f32):
    %c2 = arith.mulf %cv, %cv : f32
    %a = arith.addf %acc, %c2 : f32
    linalg.yield %a : f32
  } -> tensor<6xf32>
  %y = linalg.generic {indexing_maps = [#id, #row, #col, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%cent, %sq, %gamma, %beta : tensor<6x1024xf32>, tensor<6xf32>, tensor<1024xf32>, tensor<1024xf32>) outs(%e : tensor<6x1024xf32>) {
  ^bb0(%cv: f32, %s: f32, %g: f32, %b: f32, %out: f32):
    %var = arith.divf %s, %n : f32
    %ve = arith.addf %var, %eps : f32
    %inv = math.rsqrt %ve : f32
    %nrm = arith.mulf %cv, %inv : f32
    %sc = arith.mulf %nrm, %g : f32
    %r0 = arith.addf %sc, %b : f32
    %r = arith.addf %r0, %zero : f32
    linalg.yield %r : f32
  } -> tensor<6x1024xf32>
  return %y : tensor<6x1024xf32>
}
func.func private @printMemrefF32(tensor<*xf32>)
// x[i][j] = ±(2000 i − 1000 (i mod 2)) + ((37 j + 11 i) mod 101 − 50) / 32, exact in
// f32, the sign − for odd rows; γ and β ramps.
func.func @main() {
  %e = tensor.empty() : tensor<6x1024xf32>
  %x = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%e : tensor<6x1024xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c2 = arith.constant 2 : index
    %par = arith.remui %i, %c2 : index
    %ii = arith.index_cast %i : index to i32
    %pi = arith.index_cast %par : index to i32
    %if = arith.sitofp %ii : i32 to f32
    %pf = arith.sitofp %pi : i32 to f32
    %k2000 = arith.constant 2000.0 : f32
    %k1000 = arith.constant 1000.0 : f32
    %one = arith.constant 1.0 : f32
    %two = arith.constant 2.0 : f32
    %o1 = arith.mulf %if, %k2000 : f32
    %o2 = arith.mulf %pf, %k1000 : f32
    %o3 = arith.subf %o1, %o2 : f32
    %s2 = arith.mulf %pf, %two : f32
    %sg = arith.subf %one, %s2 : f32
    %o = arith.mulf %o3, %sg : f32
    %c37 = arith.constant 37 : index
    %c11 = arith.constant 11 : index
    %c101 = arith.constant 101 : index
    %aj = arith.muli %j, %c37 : index
    %ai = arith.muli %i, %c11 : index
    %s = arith.addi %aj, %ai : index
    %m = arith.remui %s, %c101 : index
    %mi = arith.index_cast %m : index to i32
    %mf = arith.sitofp %mi : i32 to f32
    %c50 = arith.constant 50.0 : f32
    %k = arith.subf %mf, %c50 : f32
    %q = arith.constant 0.03125 : f32
    %d = arith.mulf %k, %q : f32
    %v = arith.addf %o, %d : f32
    linalg.yield %v : f32
  } -> tensor<6x1024xf32>
  %ge = tensor.empty() : tensor<1024xf32>
  %gamma = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%ge : tensor<1024xf32>) {
  ^bb0(%out: f32):
    %j = linalg.index 0 : index
    %c7 = arith.constant 7 : index
    %m = arith.remui %j, %c7 : index
    %mi = arith.index_cast %m : index to i32
    %mf = arith.sitofp %mi : i32 to f32
    %h = arith.constant 0.25 : f32
    %g0 = arith.mulf %mf, %h : f32
    %half = arith.constant 0.5 : f32
    %g = arith.addf %g0, %half : f32
    linalg.yield %g : f32
  } -> tensor<1024xf32>
  %beta = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%ge : tensor<1024xf32>) {
  ^bb0(%out: f32):
    %j = linalg.index 0 : index
    %c5 = arith.constant 5 : index
    %m = arith.remui %j, %c5 : index
    %mi = arith.index_cast %m : index to i32
    %mf = arith.sitofp %mi : i32 to f32
    %h = arith.constant 0.125 : f32
    %b = arith.mulf %mf, %h : f32
    linalg.yield %b : f32
  } -> tensor<1024xf32>
  %y = call @layernorm(%x, %gamma, %beta) : (tensor<6x1024xf32>, tensor<1024xf32>, tensor<1024xf32>) -> tensor<6x1024xf32>
  %u = tensor.cast %y : tensor<6x1024xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
