// A single-head attention block: softmax(Q K^T / sqrt(d)) V with Q, K, V
// of 4x8, on tensors (linalg.transpose, linalg.matmul, linalg.softmax,
// linalg.generic).
//
//   go run ./tools/strata-run -e main -entry-point-result=void examples/attention/attention.mlir

#id = affine_map<(d0, d1) -> (d0, d1)>

func.func private @printMemrefF32(tensor<*xf32>)

// pattern fills a 4x8 matrix with sin(a * i + b * j).
func.func @pattern(%a: f32, %b: f32) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%e : tensor<4x8xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %ii = arith.index_cast %i : index to i32
    %jj = arith.index_cast %j : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %fj = arith.sitofp %jj : i32 to f32
    %x = arith.mulf %fi, %a : f32
    %y = arith.mulf %fj, %b : f32
    %s = arith.addf %x, %y : f32
    %v = math.sin %s : f32
    linalg.yield %v : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

func.func @attention(%q: tensor<4x8xf32>, %k: tensor<4x8xf32>, %v: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %zero = arith.constant 0.0 : f32
  %scale = arith.constant 0.353553385 : f32
  %kt0 = tensor.empty() : tensor<8x4xf32>
  %kt = linalg.transpose ins(%k : tensor<4x8xf32>) outs(%kt0 : tensor<8x4xf32>) permutation = [1, 0]
  %s0 = tensor.empty() : tensor<4x4xf32>
  %sz = linalg.fill ins(%zero : f32) outs(%s0 : tensor<4x4xf32>) -> tensor<4x4xf32>
  %scores = linalg.matmul ins(%q, %kt : tensor<4x8xf32>, tensor<8x4xf32>)
                          outs(%sz : tensor<4x4xf32>) -> tensor<4x4xf32>
  %scaled = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%scores : tensor<4x4xf32>) outs(%s0 : tensor<4x4xf32>) {
  ^bb0(%x: f32, %out: f32):
    %y = arith.mulf %x, %scale : f32
    linalg.yield %y : f32
  } -> tensor<4x4xf32>
  %p = linalg.softmax dimension(1) ins(%scaled : tensor<4x4xf32>) outs(%s0 : tensor<4x4xf32>) -> tensor<4x4xf32>
  %o0 = tensor.empty() : tensor<4x8xf32>
  %oz = linalg.fill ins(%zero : f32) outs(%o0 : tensor<4x8xf32>) -> tensor<4x8xf32>
  %o = linalg.matmul ins(%p, %v : tensor<4x4xf32>, tensor<4x8xf32>)
                     outs(%oz : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %o : tensor<4x8xf32>
}

func.func @main() {
  %a1 = arith.constant 0.5 : f32
  %b1 = arith.constant 0.25 : f32
  %a2 = arith.constant -0.3 : f32
  %b2 = arith.constant 0.7 : f32
  %a3 = arith.constant 1.1 : f32
  %b3 = arith.constant -0.2 : f32
  %q = call @pattern(%a1, %b1) : (f32, f32) -> tensor<4x8xf32>
  %k = call @pattern(%a2, %b2) : (f32, f32) -> tensor<4x8xf32>
  %v = call @pattern(%a3, %b3) : (f32, f32) -> tensor<4x8xf32>
  %o = call @attention(%q, %k, %v) : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %u = tensor.cast %o : tensor<4x8xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
