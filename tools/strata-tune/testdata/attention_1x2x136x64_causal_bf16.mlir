// Causal attention in bf16 (bench.py's attention_source): 2 heads, 136
// queries and keys (ragged against blocks of 64 and 128), D=64.
#qkv = affine_map<(b, h, s, d) -> (b, h, s, d)>
#q = affine_map<(b, h, i, j, d) -> (b, h, i, d)>
#k = affine_map<(b, h, i, j, d) -> (b, h, j, d)>
#s = affine_map<(b, h, i, j, d) -> (b, h, i, j)>
#p = affine_map<(b, h, i, d, j) -> (b, h, i, j)>
#v = affine_map<(b, h, i, d, j) -> (b, h, j, d)>
#o = affine_map<(b, h, i, d, j) -> (b, h, i, d)>
func.func @attention(%q: tensor<1x2x136x64xbf16>, %k: tensor<1x2x136x64xbf16>, %v: tensor<1x2x136x64xbf16>) -> tensor<1x2x136x64xbf16> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %scale = arith.constant 1.250000000e-01 : f32
  %s0 = tensor.empty() : tensor<1x2x136x136xf32>
  %sz = linalg.fill ins(%zero : f32) outs(%s0 : tensor<1x2x136x136xf32>) -> tensor<1x2x136x136xf32>
  %s = linalg.generic {indexing_maps = [#q, #k, #s], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%q, %k : tensor<1x2x136x64xbf16>, tensor<1x2x136x64xbf16>) outs(%sz : tensor<1x2x136x136xf32>) {
  ^bb0(%a: bf16, %b: bf16, %c: f32):
    %ae = arith.extf %a : bf16 to f32
    %be = arith.extf %b : bf16 to f32
    %m = arith.mulf %ae, %be : f32
    %r = arith.addf %c, %m : f32
    linalg.yield %r : f32
  } -> tensor<1x2x136x136xf32>
  %masked = linalg.generic {indexing_maps = [#qkv, #qkv], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%s : tensor<1x2x136x136xf32>) outs(%s0 : tensor<1x2x136x136xf32>) {
  ^bb0(%x: f32, %out: f32):
    %i = linalg.index 2 : index
    %j = linalg.index 3 : index
    %y = arith.mulf %x, %scale : f32
    %after = arith.cmpi ugt, %j, %i : index
    %r = arith.select %after, %ninf, %y : f32
    linalg.yield %r : f32
  } -> tensor<1x2x136x136xf32>
  %p = linalg.softmax dimension(3) ins(%masked : tensor<1x2x136x136xf32>) outs(%s0 : tensor<1x2x136x136xf32>) -> tensor<1x2x136x136xf32>
  %pb0 = tensor.empty() : tensor<1x2x136x136xbf16>
  %pb = linalg.generic {indexing_maps = [#qkv, #qkv], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%p : tensor<1x2x136x136xf32>) outs(%pb0 : tensor<1x2x136x136xbf16>) {
  ^bb0(%x: f32, %out: bf16):
    %y = arith.truncf %x : f32 to bf16
    linalg.yield %y : bf16
  } -> tensor<1x2x136x136xbf16>
  %o0 = tensor.empty() : tensor<1x2x136x64xf32>
  %oz = linalg.fill ins(%zero : f32) outs(%o0 : tensor<1x2x136x64xf32>) -> tensor<1x2x136x64xf32>
  %o = linalg.generic {indexing_maps = [#p, #v, #o], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%pb, %v : tensor<1x2x136x136xbf16>, tensor<1x2x136x64xbf16>) outs(%oz : tensor<1x2x136x64xf32>) {
  ^bb0(%a: bf16, %b: bf16, %c: f32):
    %ae = arith.extf %a : bf16 to f32
    %be = arith.extf %b : bf16 to f32
    %m = arith.mulf %ae, %be : f32
    %r = arith.addf %c, %m : f32
    linalg.yield %r : f32
  } -> tensor<1x2x136x64xf32>
  %ob0 = tensor.empty() : tensor<1x2x136x64xbf16>
  %ob = linalg.generic {indexing_maps = [#qkv, #qkv], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%o : tensor<1x2x136x64xf32>) outs(%ob0 : tensor<1x2x136x64xbf16>) {
  ^bb0(%x: f32, %out: bf16):
    %y = arith.truncf %x : f32 to bf16
    linalg.yield %y : bf16
  } -> tensor<1x2x136x64xbf16>
  return %ob : tensor<1x2x136x64xbf16>
}
