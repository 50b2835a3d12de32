// Layer normalization over the rows of a 4x6 matrix:
// y = (x - mean) / sqrt(var + eps) * gamma + beta, with linalg.reduce,
// linalg.generic and math.rsqrt on tensors.
//
//   go run ./tools/strata-run -e main -entry-point-result=void examples/layernorm/layernorm.mlir

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>

func.func private @printMemrefF32(tensor<*xf32>)

func.func @layernorm(%x: tensor<4x6xf32>, %gamma: tensor<6xf32>, %beta: tensor<6xf32>) -> tensor<4x6xf32> {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 6.0 : f32
  %eps = arith.constant 1.0e-5 : f32
  %rows = tensor.empty() : tensor<4xf32>
  %z = linalg.fill ins(%zero : f32) outs(%rows : tensor<4xf32>) -> tensor<4xf32>
  %sum = linalg.reduce ins(%x : tensor<4x6xf32>) outs(%z : tensor<4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %e = tensor.empty() : tensor<4x6xf32>
  // Centered values: x - sum / n.
  %cent = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %sum : tensor<4x6xf32>, tensor<4xf32>) outs(%e : tensor<4x6xf32>) {
  ^bb0(%v: f32, %s: f32, %out: f32):
    %mean = arith.divf %s, %n : f32
    %c = arith.subf %v, %mean : f32
    linalg.yield %c : f32
  } -> tensor<4x6xf32>
  %sq = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%cent : tensor<4x6xf32>) outs(%z : tensor<4xf32>) {
  ^bb0(%c: f32, %acc: f32):
    %c2 = arith.mulf %c, %c : f32
    %a = arith.addf %acc, %c2 : f32
    linalg.yield %a : f32
  } -> tensor<4xf32>
  %y = linalg.generic {indexing_maps = [#id, #row, #col, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%cent, %sq, %gamma, %beta : tensor<4x6xf32>, tensor<4xf32>, tensor<6xf32>, tensor<6xf32>)
      outs(%e : tensor<4x6xf32>) {
  ^bb0(%c: f32, %s: f32, %g: f32, %b: f32, %out: f32):
    %var = arith.divf %s, %n : f32
    %ve = arith.addf %var, %eps : f32
    %inv = math.rsqrt %ve : f32
    %nrm = arith.mulf %c, %inv : f32
    %sc = arith.mulf %nrm, %g : f32
    %r = arith.addf %sc, %b : f32
    linalg.yield %r : f32
  } -> tensor<4x6xf32>
  return %y : tensor<4x6xf32>
}

func.func @main() {
  %x = arith.constant dense<[[1.0, 2.0, 3.0, 4.0, 5.0, 6.0],
                             [-3.0, 0.5, 2.0, 8.0, -1.0, 0.0],
                             [0.1, 0.2, 0.1, 0.2, 0.1, 0.2],
                             [100.0, -100.0, 50.0, -50.0, 25.0, -25.0]]> : tensor<4x6xf32>
  %gamma = arith.constant dense<[1.0, 0.5, 2.0, 1.0, 1.5, 1.0]> : tensor<6xf32>
  %beta = arith.constant dense<[0.0, 0.1, -0.1, 0.2, 0.0, -0.2]> : tensor<6xf32>
  %r = call @layernorm(%x, %gamma, %beta) : (tensor<4x6xf32>, tensor<6xf32>, tensor<6xf32>) -> tensor<4x6xf32>
  %u = tensor.cast %r : tensor<4x6xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
