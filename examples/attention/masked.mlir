// Attention with additive mask tensors: softmax((Q K^T + B) * scale + M) V
// for Q of [BH, Sq, D] = [2, 20, 8] and K, V of [2, 150, 8]. B is a
// [BH, Sq, Sk] bias added before the scale (so it is scaled too), M a
// [Sq, Sk] mask shared by the batch that is -inf on the first 70 keys of
// every third query: whole blocks of keys are masked for those rows, the
// kernel's running max stays -inf across them.
//
//   go run ./tools/strata-run -e main -entry-point-result=void examples/attention/masked.mlir
#id = affine_map<(b, i, j) -> (b, i, j)>
#m2 = affine_map<(b, i, j) -> (i, j)>
#qk = affine_map<(i, j) -> (i, j)>

func.func private @printMemrefF32(tensor<*xf32>)

func.func @attention(%q: tensor<2x20x8xf32>, %k: tensor<2x150x8xf32>, %v: tensor<2x150x8xf32>,
                     %bias: tensor<2x20x150xf32>, %mask: tensor<20x150xf32>) -> tensor<2x20x8xf32> {
  %zero = arith.constant 0.0 : f32
  %scale = arith.constant 0.353553385 : f32
  %s0 = tensor.empty() : tensor<2x20x150xf32>
  %sz = linalg.fill ins(%zero : f32) outs(%s0 : tensor<2x20x150xf32>) -> tensor<2x20x150xf32>
  %s = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, d) -> (b, m, d)>,
                                            affine_map<(b, m, n, d) -> (b, n, d)>,
                                            affine_map<(b, m, n, d) -> (b, m, n)>]
      ins(%q, %k : tensor<2x20x8xf32>, tensor<2x150x8xf32>) outs(%sz : tensor<2x20x150xf32>) -> tensor<2x20x150xf32>
  %x = linalg.generic {indexing_maps = [#id, #id, #m2, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%s, %bias, %mask : tensor<2x20x150xf32>, tensor<2x20x150xf32>, tensor<20x150xf32>) outs(%s0 : tensor<2x20x150xf32>) {
  ^bb0(%a: f32, %b: f32, %m: f32, %out: f32):
    %ab = arith.addf %a, %b : f32
    %y = arith.mulf %ab, %scale : f32
    %z = arith.addf %y, %m : f32
    linalg.yield %z : f32
  } -> tensor<2x20x150xf32>
  %p = linalg.softmax dimension(2) ins(%x : tensor<2x20x150xf32>) outs(%s0 : tensor<2x20x150xf32>) -> tensor<2x20x150xf32>
  %o0 = tensor.empty() : tensor<2x20x8xf32>
  %oz = linalg.fill ins(%zero : f32) outs(%o0 : tensor<2x20x8xf32>) -> tensor<2x20x8xf32>
  %o = linalg.batch_matmul ins(%p, %v : tensor<2x20x150xf32>, tensor<2x150x8xf32>) outs(%oz : tensor<2x20x8xf32>) -> tensor<2x20x8xf32>
  return %o : tensor<2x20x8xf32>
}

// fill makes a [BH, S, W] tensor of sin(a * ((flat index) mod 29)).
func.func @fill(%t: tensor<?x?x?xf32>, %a: f32) -> tensor<?x?x?xf32> {
  %r = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel", "parallel"]}
      outs(%t : tensor<?x?x?xf32>) {
  ^bb0(%out: f32):
    %b = linalg.index 0 : index
    %i = linalg.index 1 : index
    %d = linalg.index 2 : index
    %c13 = arith.constant 13 : index
    %c7 = arith.constant 7 : index
    %x = arith.muli %i, %c13 : index
    %y = arith.muli %b, %c7 : index
    %xy = arith.addi %x, %y : index
    %n = arith.addi %xy, %d : index
    %c29 = arith.constant 29 : index
    %nm = arith.remui %n, %c29 : index
    %ni = arith.index_cast %nm : index to i32
    %nf = arith.sitofp %ni : i32 to f32
    %t1 = arith.mulf %nf, %a : f32
    %v = math.sin %t1 : f32
    linalg.yield %v : f32
  } -> tensor<?x?x?xf32>
  return %r : tensor<?x?x?xf32>
}

func.func @main() {
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c20 = arith.constant 20 : index
  %c150 = arith.constant 150 : index
  %a = arith.constant 0.37 : f32
  %b = arith.constant 0.11 : f32
  %c = arith.constant 0.53 : f32
  %d = arith.constant 0.29 : f32
  %eq = tensor.empty(%c2, %c20, %c8) : tensor<?x?x?xf32>
  %ek = tensor.empty(%c2, %c150, %c8) : tensor<?x?x?xf32>
  %eb = tensor.empty(%c2, %c20, %c150) : tensor<?x?x?xf32>
  %qd = call @fill(%eq, %a) : (tensor<?x?x?xf32>, f32) -> tensor<?x?x?xf32>
  %kd = call @fill(%ek, %b) : (tensor<?x?x?xf32>, f32) -> tensor<?x?x?xf32>
  %vd = call @fill(%ek, %c) : (tensor<?x?x?xf32>, f32) -> tensor<?x?x?xf32>
  %bd = call @fill(%eb, %d) : (tensor<?x?x?xf32>, f32) -> tensor<?x?x?xf32>
  %q = tensor.cast %qd : tensor<?x?x?xf32> to tensor<2x20x8xf32>
  %k = tensor.cast %kd : tensor<?x?x?xf32> to tensor<2x150x8xf32>
  %v = tensor.cast %vd : tensor<?x?x?xf32> to tensor<2x150x8xf32>
  %bias = tensor.cast %bd : tensor<?x?x?xf32> to tensor<2x20x150xf32>
  %em = tensor.empty() : tensor<20x150xf32>
  %mask = linalg.generic {indexing_maps = [#qk], iterator_types = ["parallel", "parallel"]} outs(%em : tensor<20x150xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c3 = arith.constant 3 : index
    %c70 = arith.constant 70 : index
    %c0 = arith.constant 0 : index
    %r = arith.remui %i, %c3 : index
    %third = arith.cmpi eq, %r, %c0 : index
    %early = arith.cmpi ult, %j, %c70 : index
    %hide = arith.andi %third, %early : i1
    %ninf = arith.constant 0xFF800000 : f32
    %small = arith.constant -0.25 : f32
    %y = arith.select %hide, %ninf, %small : f32
    linalg.yield %y : f32
  } -> tensor<20x150xf32>
  %o = call @attention(%q, %k, %v, %bias, %mask) : (tensor<2x20x8xf32>, tensor<2x150x8xf32>, tensor<2x150x8xf32>, tensor<2x20x150xf32>, tensor<20x150xf32>) -> tensor<2x20x8xf32>
  %u = tensor.cast %o : tensor<2x20x8xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
