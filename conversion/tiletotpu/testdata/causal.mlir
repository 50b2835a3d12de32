// Causal attention in bf16 (examples/attention/causal-bf16.mlir with 300
// queries and keys): the tile program splits the keys of a query block
// into the blocks left of the diagonal (no mask) and the diagonal ones
// (masked); on TPU both loops share the trailing arbitrary axis, each body
// runs under a condition on the grid indices (pl.when), the blocks above
// the diagonal are skipped, and the K and V index maps clamp to the last
// needed block there, so no DMA is issued for them.


#qkv = affine_map<(b, h, s, d) -> (b, h, s, d)>
#q = affine_map<(b, h, i, j, d) -> (b, h, i, d)>
#k = affine_map<(b, h, i, j, d) -> (b, h, j, d)>
#s = affine_map<(b, h, i, j, d) -> (b, h, i, j)>
#p = affine_map<(b, h, i, d, j) -> (b, h, i, j)>
#v = affine_map<(b, h, i, d, j) -> (b, h, j, d)>
#o = affine_map<(b, h, i, d, j) -> (b, h, i, d)>

func.func private @printMemrefF32(tensor<*xf32>)

func.func @attention(%q: tensor<1x2x300x16xbf16>, %k: tensor<1x2x300x16xbf16>, %v: tensor<1x2x300x16xbf16>) -> tensor<1x2x300x16xbf16> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %scale = arith.constant 0.25 : f32
  %s0 = tensor.empty() : tensor<1x2x300x300xf32>
  %sz = linalg.fill ins(%zero : f32) outs(%s0 : tensor<1x2x300x300xf32>) -> tensor<1x2x300x300xf32>
  %s = linalg.generic {indexing_maps = [#q, #k, #s], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%q, %k : tensor<1x2x300x16xbf16>, tensor<1x2x300x16xbf16>) outs(%sz : tensor<1x2x300x300xf32>) {
  ^bb0(%a: bf16, %b: bf16, %c: f32):
    %ae = arith.extf %a : bf16 to f32
    %be = arith.extf %b : bf16 to f32
    %m = arith.mulf %ae, %be : f32
    %r = arith.addf %c, %m : f32
    linalg.yield %r : f32
  } -> tensor<1x2x300x300xf32>
  // Scale, and -inf where the key comes after the query.
  %masked = linalg.generic {indexing_maps = [#qkv, #qkv], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%s : tensor<1x2x300x300xf32>) outs(%s0 : tensor<1x2x300x300xf32>) {
  ^bb0(%x: f32, %out: f32):
    %i = linalg.index 2 : index
    %j = linalg.index 3 : index
    %y = arith.mulf %x, %scale : f32
    %after = arith.cmpi ugt, %j, %i : index
    %r = arith.select %after, %ninf, %y : f32
    linalg.yield %r : f32
  } -> tensor<1x2x300x300xf32>
  %p = linalg.softmax dimension(3) ins(%masked : tensor<1x2x300x300xf32>) outs(%s0 : tensor<1x2x300x300xf32>) -> tensor<1x2x300x300xf32>
  %pb0 = tensor.empty() : tensor<1x2x300x300xbf16>
  %pb = linalg.generic {indexing_maps = [#qkv, #qkv], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%p : tensor<1x2x300x300xf32>) outs(%pb0 : tensor<1x2x300x300xbf16>) {
  ^bb0(%x: f32, %out: bf16):
    %y = arith.truncf %x : f32 to bf16
    linalg.yield %y : bf16
  } -> tensor<1x2x300x300xbf16>
  %o0 = tensor.empty() : tensor<1x2x300x16xf32>
  %oz = linalg.fill ins(%zero : f32) outs(%o0 : tensor<1x2x300x16xf32>) -> tensor<1x2x300x16xf32>
  %o = linalg.generic {indexing_maps = [#p, #v, #o], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%pb, %v : tensor<1x2x300x300xbf16>, tensor<1x2x300x16xbf16>) outs(%oz : tensor<1x2x300x16xf32>) {
  ^bb0(%a: bf16, %b: bf16, %c: f32):
    %ae = arith.extf %a : bf16 to f32
    %be = arith.extf %b : bf16 to f32
    %m = arith.mulf %ae, %be : f32
    %r = arith.addf %c, %m : f32
    linalg.yield %r : f32
  } -> tensor<1x2x300x16xf32>
  %ob0 = tensor.empty() : tensor<1x2x300x16xbf16>
  %ob = linalg.generic {indexing_maps = [#qkv, #qkv], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%o : tensor<1x2x300x16xf32>) outs(%ob0 : tensor<1x2x300x16xbf16>) {
  ^bb0(%x: f32, %out: bf16):
    %y = arith.truncf %x : f32 to bf16
    linalg.yield %y : bf16
  } -> tensor<1x2x300x16xbf16>
  return %ob : tensor<1x2x300x16xbf16>
}
// fill makes a [1, 2, 300, 16] bf16 tensor of sin(a * (flat index)).
func.func @fill(%a: f32) -> tensor<1x2x300x16xbf16> {
  %e = tensor.empty() : tensor<1x2x300x16xbf16>
  %r = linalg.generic {indexing_maps = [#qkv], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      outs(%e : tensor<1x2x300x16xbf16>) {
  ^bb0(%out: bf16):
    %h = linalg.index 1 : index
    %s = linalg.index 2 : index
    %d = linalg.index 3 : index
    %c16 = arith.constant 16 : index
    %c4800 = arith.constant 4800 : index
    %x = arith.muli %h, %c4800 : index
    %y = arith.muli %s, %c16 : index
    %xy = arith.addi %x, %y : index
    %n = arith.addi %xy, %d : index
    %ni = arith.index_cast %n : index to i32
    %nf = arith.sitofp %ni : i32 to f32
    %t = arith.mulf %nf, %a : f32
    %v = math.sin %t : f32
    %vb = arith.truncf %v : f32 to bf16
    linalg.yield %vb : bf16
  } -> tensor<1x2x300x16xbf16>
  return %r : tensor<1x2x300x16xbf16>
}

func.func @main() {
  %a = arith.constant 0.37 : f32
  %b = arith.constant 0.11 : f32
  %c = arith.constant 0.53 : f32
  %q = call @fill(%a) : (f32) -> tensor<1x2x300x16xbf16>
  %k = call @fill(%b) : (f32) -> tensor<1x2x300x16xbf16>
  %v = call @fill(%c) : (f32) -> tensor<1x2x300x16xbf16>
  %o = call @attention(%q, %k, %v) : (tensor<1x2x300x16xbf16>, tensor<1x2x300x16xbf16>, tensor<1x2x300x16xbf16>) -> tensor<1x2x300x16xbf16>
  %e = tensor.empty() : tensor<1x2x300x16xf32>
  %of = linalg.generic {indexing_maps = [#qkv, #qkv], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%o : tensor<1x2x300x16xbf16>) outs(%e : tensor<1x2x300x16xf32>) {
  ^bb0(%x: bf16, %out: f32):
    %y = arith.extf %x : bf16 to f32
    linalg.yield %y : f32
  } -> tensor<1x2x300x16xf32>
  %u = tensor.cast %of : tensor<1x2x300x16xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
