// Causal attention on ragged, dynamic shapes: Q of [BH, Sq, D] =
// [3, 37, 24] and K, V of [3, 53, 24], passed as tensor<?x?x24xf32>.
// linalg.batch_matmul reads K transposed through its indexing_maps; the
// causal mask adds -inf where the query index is below the key index
// (compared as i64); linalg.softmax normalizes along the keys. Neither
// length is a multiple of a block: keys past the end are masked and
// queries past the end are not stored.
//
//   go run ./tools/strata-run -e main -entry-point-result=void examples/attention/ragged.mlir

#id = affine_map<(b, i, j) -> (b, i, j)>

func.func private @printMemrefF32(tensor<*xf32>)

func.func @attention(%q: tensor<?x?x24xf32>, %k: tensor<?x?x24xf32>, %v: tensor<?x?x24xf32>) -> tensor<?x?x24xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %scale = arith.constant 0.204124153 : f32
  %bh = tensor.dim %q, %c0 : tensor<?x?x24xf32>
  %sq = tensor.dim %q, %c1 : tensor<?x?x24xf32>
  %sk = tensor.dim %k, %c1 : tensor<?x?x24xf32>
  %s0 = tensor.empty(%bh, %sq, %sk) : tensor<?x?x?xf32>
  %sz = linalg.fill ins(%zero : f32) outs(%s0 : tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  %s = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, d) -> (b, m, d)>,
                                            affine_map<(b, m, n, d) -> (b, n, d)>,
                                            affine_map<(b, m, n, d) -> (b, m, n)>]
      ins(%q, %k : tensor<?x?x24xf32>, tensor<?x?x24xf32>) outs(%sz : tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  %scaled = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%s : tensor<?x?x?xf32>) outs(%s0 : tensor<?x?x?xf32>) {
  ^bb0(%x: f32, %out: f32):
    %y = arith.mulf %scale, %x : f32
    linalg.yield %y : f32
  } -> tensor<?x?x?xf32>
  %masked = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%scaled : tensor<?x?x?xf32>) outs(%s0 : tensor<?x?x?xf32>) {
  ^bb0(%x: f32, %out: f32):
    %i = linalg.index 1 : index
    %j = linalg.index 2 : index
    %i64 = arith.index_cast %i : index to i64
    %j64 = arith.index_cast %j : index to i64
    %before = arith.cmpi slt, %i64, %j64 : i64
    %bias = arith.select %before, %ninf, %zero : f32
    %y = arith.addf %x, %bias : f32
    linalg.yield %y : f32
  } -> tensor<?x?x?xf32>
  %p = linalg.softmax dimension(2) ins(%masked : tensor<?x?x?xf32>) outs(%s0 : tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  %o0 = tensor.empty(%bh, %sq) : tensor<?x?x24xf32>
  %oz = linalg.fill ins(%zero : f32) outs(%o0 : tensor<?x?x24xf32>) -> tensor<?x?x24xf32>
  %o = linalg.batch_matmul ins(%p, %v : tensor<?x?x?xf32>, tensor<?x?x24xf32>) outs(%oz : tensor<?x?x24xf32>) -> tensor<?x?x24xf32>
  return %o : tensor<?x?x24xf32>
}

// fill makes a [BH, S, 24] tensor of sin(a * (flat index mod 29)) + 0.1 * b.
func.func @fill(%bh: index, %s: index, %a: f32) -> tensor<?x?x24xf32> {
  %e = tensor.empty(%bh, %s) : tensor<?x?x24xf32>
  %r = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel", "parallel"]}
      outs(%e : tensor<?x?x24xf32>) {
  ^bb0(%out: f32):
    %b = linalg.index 0 : index
    %i = linalg.index 1 : index
    %d = linalg.index 2 : index
    %c24 = arith.constant 24 : index
    %c7 = arith.constant 7 : index
    %x = arith.muli %i, %c24 : index
    %y = arith.muli %b, %c7 : index
    %xy = arith.addi %x, %y : index
    %n = arith.addi %xy, %d : index
    %c29 = arith.constant 29 : index
    %nm = arith.remui %n, %c29 : index
    %ni = arith.index_cast %nm : index to i32
    %nf = arith.sitofp %ni : i32 to f32
    %t = arith.mulf %nf, %a : f32
    %v = math.sin %t : f32
    %bi = arith.index_cast %b : index to i32
    %bf = arith.sitofp %bi : i32 to f32
    %tenth = arith.constant 0.1 : f32
    %w = arith.mulf %bf, %tenth : f32
    %z = arith.addf %v, %w : f32
    linalg.yield %z : f32
  } -> tensor<?x?x24xf32>
  return %r : tensor<?x?x24xf32>
}

func.func @main() {
  %c3 = arith.constant 3 : index
  %c37 = arith.constant 37 : index
  %c53 = arith.constant 53 : index
  %a = arith.constant 0.37 : f32
  %b = arith.constant 0.11 : f32
  %c = arith.constant 0.53 : f32
  %q = call @fill(%c3, %c37, %a) : (index, index, f32) -> tensor<?x?x24xf32>
  %k = call @fill(%c3, %c53, %b) : (index, index, f32) -> tensor<?x?x24xf32>
  %v = call @fill(%c3, %c53, %c) : (index, index, f32) -> tensor<?x?x24xf32>
  %o = call @attention(%q, %k, %v) : (tensor<?x?x24xf32>, tensor<?x?x24xf32>, tensor<?x?x24xf32>) -> tensor<?x?x24xf32>
  %u = tensor.cast %o : tensor<?x?x24xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
