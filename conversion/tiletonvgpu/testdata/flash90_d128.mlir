// Attention in f16 (bench.py's attention_source): 2 heads, 72 queries and keys
// (ragged), D=128.
#qkv = affine_map<(b, h, s, d) -> (b, h, s, d)>
#q = affine_map<(b, h, i, j, d) -> (b, h, i, d)>
#k = affine_map<(b, h, i, j, d) -> (b, h, j, d)>
#s = affine_map<(b, h, i, j, d) -> (b, h, i, j)>
#p = affine_map<(b, h, i, d, j) -> (b, h, i, j)>
#v = affine_map<(b, h, i, d, j) -> (b, h, j, d)>
#o = affine_map<(b, h, i, d, j) -> (b, h, i, d)>
func.func @attention(%q: tensor<1x2x72x128xf16>, %k: tensor<1x2x72x128xf16>, %v: tensor<1x2x72x128xf16>) -> tensor<1x2x72x128xf16> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %scale = arith.constant 8.838834765e-02 : f32
  %s0 = tensor.empty() : tensor<1x2x72x72xf32>
  %sz = linalg.fill ins(%zero : f32) outs(%s0 : tensor<1x2x72x72xf32>) -> tensor<1x2x72x72xf32>
  %s = linalg.generic {indexing_maps = [#q, #k, #s], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%q, %k : tensor<1x2x72x128xf16>, tensor<1x2x72x128xf16>) outs(%sz : tensor<1x2x72x72xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ae = arith.extf %a : f16 to f32
    %be = arith.extf %b : f16 to f32
    %m = arith.mulf %ae, %be : f32
    %r = arith.addf %c, %m : f32
    linalg.yield %r : f32
  } -> tensor<1x2x72x72xf32>
  %masked = linalg.generic {indexing_maps = [#qkv, #qkv], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%s : tensor<1x2x72x72xf32>) outs(%s0 : tensor<1x2x72x72xf32>) {
  ^bb0(%x: f32, %out: f32):
    %y = arith.mulf %x, %scale : f32
    linalg.yield %y : f32
  } -> tensor<1x2x72x72xf32>
  %p = linalg.softmax dimension(3) ins(%masked : tensor<1x2x72x72xf32>) outs(%s0 : tensor<1x2x72x72xf32>) -> tensor<1x2x72x72xf32>
  %pb0 = tensor.empty() : tensor<1x2x72x72xf16>
  %pb = linalg.generic {indexing_maps = [#qkv, #qkv], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%p : tensor<1x2x72x72xf32>) outs(%pb0 : tensor<1x2x72x72xf16>) {
  ^bb0(%x: f32, %out: f16):
    %y = arith.truncf %x : f32 to f16
    linalg.yield %y : f16
  } -> tensor<1x2x72x72xf16>
  %o0 = tensor.empty() : tensor<1x2x72x128xf32>
  %oz = linalg.fill ins(%zero : f32) outs(%o0 : tensor<1x2x72x128xf32>) -> tensor<1x2x72x128xf32>
  %o = linalg.generic {indexing_maps = [#p, #v, #o], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%pb, %v : tensor<1x2x72x72xf16>, tensor<1x2x72x128xf16>) outs(%oz : tensor<1x2x72x128xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ae = arith.extf %a : f16 to f32
    %be = arith.extf %b : f16 to f32
    %m = arith.mulf %ae, %be : f32
    %r = arith.addf %c, %m : f32
    linalg.yield %r : f32
  } -> tensor<1x2x72x128xf32>
  %ob0 = tensor.empty() : tensor<1x2x72x128xf16>
  %ob = linalg.generic {indexing_maps = [#qkv, #qkv], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%o : tensor<1x2x72x128xf32>) outs(%ob0 : tensor<1x2x72x128xf16>) {
  ^bb0(%x: f32, %out: f16):
    %y = arith.truncf %x : f32 to f16
    linalg.yield %y : f16
  } -> tensor<1x2x72x128xf16>
  return %ob : tensor<1x2x72x128xf16>
}
