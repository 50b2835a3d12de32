// Programs that look like attention but are not the pattern
// linalg-to-tile fuses into one FlashAttention kernel: each is lowered
// unfused (GEMM, row and element-wise kernels) and gives the same numbers.
//   @reused:   P is also a result of the function;
//   @argscale: the scale is a function argument, not a constant;
//   @columns:  the softmax runs along the queries;
//   @masked:   the mask also hides the diagonal (key >= query: the
//              first row is all -inf, NaN), or masks to a -10000 that is
//              passed in rather than to -inf;
//   @scores is not attention: the product alone.
#id = affine_map<(d0, d1) -> (d0, d1)>

func.func private @printMemrefF32(tensor<*xf32>)

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

func.func @scores(%q: tensor<4x8xf32>, %k: tensor<4x8xf32>) -> tensor<4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %s0 = tensor.empty() : tensor<4x4xf32>
  %sz = linalg.fill ins(%zero : f32) outs(%s0 : tensor<4x4xf32>) -> tensor<4x4xf32>
  %s = linalg.matmul indexing_maps = [affine_map<(m, n, d) -> (m, d)>, affine_map<(m, n, d) -> (n, d)>, affine_map<(m, n, d) -> (m, n)>]
      ins(%q, %k : tensor<4x8xf32>, tensor<4x8xf32>) outs(%sz : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %s : tensor<4x4xf32>
}

func.func @reused(%q: tensor<4x8xf32>, %k: tensor<4x8xf32>, %v: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x4xf32>) {
  %zero = arith.constant 0.0 : f32
  %s0 = tensor.empty() : tensor<4x4xf32>
  %sz = linalg.fill ins(%zero : f32) outs(%s0 : tensor<4x4xf32>) -> tensor<4x4xf32>
  %s = linalg.matmul indexing_maps = [affine_map<(m, n, d) -> (m, d)>, affine_map<(m, n, d) -> (n, d)>, affine_map<(m, n, d) -> (m, n)>]
      ins(%q, %k : tensor<4x8xf32>, tensor<4x8xf32>) outs(%sz : tensor<4x4xf32>) -> tensor<4x4xf32>
  %p = linalg.softmax dimension(1) ins(%s : tensor<4x4xf32>) outs(%s0 : tensor<4x4xf32>) -> tensor<4x4xf32>
  %o0 = tensor.empty() : tensor<4x8xf32>
  %oz = linalg.fill ins(%zero : f32) outs(%o0 : tensor<4x8xf32>) -> tensor<4x8xf32>
  %o = linalg.matmul ins(%p, %v : tensor<4x4xf32>, tensor<4x8xf32>) outs(%oz : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %o, %p : tensor<4x8xf32>, tensor<4x4xf32>
}

func.func @argscale(%q: tensor<4x8xf32>, %k: tensor<4x8xf32>, %v: tensor<4x8xf32>, %scale: f32) -> tensor<4x8xf32> {
  %zero = arith.constant 0.0 : f32
  %s0 = tensor.empty() : tensor<4x4xf32>
  %sz = linalg.fill ins(%zero : f32) outs(%s0 : tensor<4x4xf32>) -> tensor<4x4xf32>
  %s = linalg.matmul indexing_maps = [affine_map<(m, n, d) -> (m, d)>, affine_map<(m, n, d) -> (n, d)>, affine_map<(m, n, d) -> (m, n)>]
      ins(%q, %k : tensor<4x8xf32>, tensor<4x8xf32>) outs(%sz : tensor<4x4xf32>) -> tensor<4x4xf32>
  %scaled = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%s : tensor<4x4xf32>) outs(%s0 : tensor<4x4xf32>) {
  ^bb0(%x: f32, %out: f32):
    %y = arith.mulf %x, %scale : f32
    linalg.yield %y : f32
  } -> tensor<4x4xf32>
  %p = linalg.softmax dimension(1) ins(%scaled : tensor<4x4xf32>) outs(%s0 : tensor<4x4xf32>) -> tensor<4x4xf32>
  %o0 = tensor.empty() : tensor<4x8xf32>
  %oz = linalg.fill ins(%zero : f32) outs(%o0 : tensor<4x8xf32>) -> tensor<4x8xf32>
  %o = linalg.matmul ins(%p, %v : tensor<4x4xf32>, tensor<4x8xf32>) outs(%oz : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %o : tensor<4x8xf32>
}

func.func @columns(%q: tensor<4x8xf32>, %k: tensor<4x8xf32>, %v: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %zero = arith.constant 0.0 : f32
  %s0 = tensor.empty() : tensor<4x4xf32>
  %sz = linalg.fill ins(%zero : f32) outs(%s0 : tensor<4x4xf32>) -> tensor<4x4xf32>
  %s = linalg.matmul indexing_maps = [affine_map<(m, n, d) -> (m, d)>, affine_map<(m, n, d) -> (n, d)>, affine_map<(m, n, d) -> (m, n)>]
      ins(%q, %k : tensor<4x8xf32>, tensor<4x8xf32>) outs(%sz : tensor<4x4xf32>) -> tensor<4x4xf32>
  %p = linalg.softmax dimension(0) ins(%s : tensor<4x4xf32>) outs(%s0 : tensor<4x4xf32>) -> tensor<4x4xf32>
  %o0 = tensor.empty() : tensor<4x8xf32>
  %oz = linalg.fill ins(%zero : f32) outs(%o0 : tensor<4x8xf32>) -> tensor<4x8xf32>
  %o = linalg.matmul ins(%p, %v : tensor<4x4xf32>, tensor<4x8xf32>) outs(%oz : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %o : tensor<4x8xf32>
}

func.func @masked(%q: tensor<4x8xf32>, %k: tensor<4x8xf32>, %v: tensor<4x8xf32>, %fill: f32, %diag: i1) -> tensor<4x8xf32> {
  %zero = arith.constant 0.0 : f32
  %s0 = tensor.empty() : tensor<4x4xf32>
  %sz = linalg.fill ins(%zero : f32) outs(%s0 : tensor<4x4xf32>) -> tensor<4x4xf32>
  %s = linalg.matmul indexing_maps = [affine_map<(m, n, d) -> (m, d)>, affine_map<(m, n, d) -> (n, d)>, affine_map<(m, n, d) -> (m, n)>]
      ins(%q, %k : tensor<4x8xf32>, tensor<4x8xf32>) outs(%sz : tensor<4x4xf32>) -> tensor<4x4xf32>
  %m = scf.if %diag -> tensor<4x4xf32> {
    // key >= query: the diagonal is hidden too.
    %ninf = arith.constant 0xFF800000 : f32
    %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
        ins(%s : tensor<4x4xf32>) outs(%s0 : tensor<4x4xf32>) {
    ^bb0(%x: f32, %out: f32):
      %i = linalg.index 0 : index
      %j = linalg.index 1 : index
      %c = arith.cmpi uge, %j, %i : index
      %y = arith.select %c, %ninf, %x : f32
      linalg.yield %y : f32
    } -> tensor<4x4xf32>
    scf.yield %r : tensor<4x4xf32>
  } else {
    %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
        ins(%s : tensor<4x4xf32>) outs(%s0 : tensor<4x4xf32>) {
    ^bb0(%x: f32, %out: f32):
      %i = linalg.index 0 : index
      %j = linalg.index 1 : index
      %c = arith.cmpi ugt, %j, %i : index
      %y = arith.select %c, %fill, %x : f32
      linalg.yield %y : f32
    } -> tensor<4x4xf32>
    scf.yield %r : tensor<4x4xf32>
  }
  %p = linalg.softmax dimension(1) ins(%m : tensor<4x4xf32>) outs(%s0 : tensor<4x4xf32>) -> tensor<4x4xf32>
  %o0 = tensor.empty() : tensor<4x8xf32>
  %oz = linalg.fill ins(%zero : f32) outs(%o0 : tensor<4x8xf32>) -> tensor<4x8xf32>
  %o = linalg.matmul ins(%p, %v : tensor<4x4xf32>, tensor<4x8xf32>) outs(%oz : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %o : tensor<4x8xf32>
}

func.func @print(%t: tensor<4x8xf32>) {
  %u = tensor.cast %t : tensor<4x8xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @main() {
  %a1 = arith.constant 0.5 : f32
  %b1 = arith.constant 0.25 : f32
  %a2 = arith.constant -0.3 : f32
  %b2 = arith.constant 0.7 : f32
  %a3 = arith.constant 1.1 : f32
  %b3 = arith.constant -0.2 : f32
  %scale = arith.constant 0.353553385 : f32
  %big = arith.constant -10000.0 : f32
  %true = arith.constant true
  %false = arith.constant false
  %q = call @pattern(%a1, %b1) : (f32, f32) -> tensor<4x8xf32>
  %k = call @pattern(%a2, %b2) : (f32, f32) -> tensor<4x8xf32>
  %v = call @pattern(%a3, %b3) : (f32, f32) -> tensor<4x8xf32>
  %o1, %p1 = call @reused(%q, %k, %v) : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x4xf32>)
  call @print(%o1) : (tensor<4x8xf32>) -> ()
  %u1 = tensor.cast %p1 : tensor<4x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
  %o2 = call @argscale(%q, %k, %v, %scale) : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, f32) -> tensor<4x8xf32>
  call @print(%o2) : (tensor<4x8xf32>) -> ()
  %o3 = call @columns(%q, %k, %v) : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  call @print(%o3) : (tensor<4x8xf32>) -> ()
  %o4 = call @masked(%q, %k, %v, %big, %true) : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, f32, i1) -> tensor<4x8xf32>
  call @print(%o4) : (tensor<4x8xf32>) -> ()
  %o5 = call @masked(%q, %k, %v, %big, %false) : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, f32, i1) -> tensor<4x8xf32>
  call @print(%o5) : (tensor<4x8xf32>) -> ()
  return
}
