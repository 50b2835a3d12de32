// RMS normalization over the rows of a 7x13 matrix (a shape that no block
// size divides): y = x / sqrt(mean(x^2) + eps) * gamma, with linalg.generic
// reductions and math.rsqrt on tensors.
//
//   go run ./tools/strata-run -e main -entry-point-result=void examples/rmsnorm/rmsnorm.mlir

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>

func.func private @printMemrefF32(tensor<*xf32>)

// wave fills a 7x13 matrix with cos(0.7 i - 0.45 j) * (1 + i / 4).
func.func @wave() -> tensor<7x13xf32> {
  %e = tensor.empty() : tensor<7x13xf32>
  %r = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%e : tensor<7x13xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %ii = arith.index_cast %i : index to i32
    %jj = arith.index_cast %j : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %fj = arith.sitofp %jj : i32 to f32
    %a = arith.constant 0.7 : f32
    %b = arith.constant -0.45 : f32
    %q = arith.constant 0.25 : f32
    %one = arith.constant 1.0 : f32
    %x = arith.mulf %fi, %a : f32
    %y = arith.mulf %fj, %b : f32
    %s = arith.addf %x, %y : f32
    %c = math.cos %s : f32
    %g = arith.mulf %fi, %q : f32
    %g1 = arith.addf %g, %one : f32
    %v = arith.mulf %c, %g1 : f32
    linalg.yield %v : f32
  } -> tensor<7x13xf32>
  return %r : tensor<7x13xf32>
}

func.func @rmsnorm(%x: tensor<7x13xf32>, %gamma: tensor<13xf32>) -> tensor<7x13xf32> {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 13.0 : f32
  %eps = arith.constant 1.0e-6 : f32
  %rows = tensor.empty() : tensor<7xf32>
  %z = linalg.fill ins(%zero : f32) outs(%rows : tensor<7xf32>) -> tensor<7xf32>
  %sq = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<7x13xf32>) outs(%z : tensor<7xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %v2 = arith.mulf %v, %v : f32
    %a = arith.addf %acc, %v2 : f32
    linalg.yield %a : f32
  } -> tensor<7xf32>
  %e = tensor.empty() : tensor<7x13xf32>
  %y = linalg.generic {indexing_maps = [#id, #row, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %sq, %gamma : tensor<7x13xf32>, tensor<7xf32>, tensor<13xf32>)
      outs(%e : tensor<7x13xf32>) {
  ^bb0(%v: f32, %s: f32, %g: f32, %out: f32):
    %ms = arith.divf %s, %n : f32
    %me = arith.addf %ms, %eps : f32
    %inv = math.rsqrt %me : f32
    %nrm = arith.mulf %v, %inv : f32
    %r = arith.mulf %nrm, %g : f32
    linalg.yield %r : f32
  } -> tensor<7x13xf32>
  return %y : tensor<7x13xf32>
}

func.func @main() {
  %x = call @wave() : () -> tensor<7x13xf32>
  %gamma = arith.constant dense<[1.0, 0.5, 2.0, 1.0, 1.5, 1.0, 0.75, 1.25, 0.5, 2.0, 1.0, 0.25, 1.0]> : tensor<13xf32>
  %r = call @rmsnorm(%x, %gamma) : (tensor<7x13xf32>, tensor<13xf32>) -> tensor<7x13xf32>
  %u = tensor.cast %r : tensor<7x13xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
