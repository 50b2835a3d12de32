// Attention in bf16 (bench.py's attention_source): 2 heads, 72 queries and
// keys (ragged), D=64, with a main that fills Q, K and V (V about 2, so that the
// averages do not cancel) and prints the result.
#qkv = affine_map<(b, h, s, d) -> (b, h, s, d)>
#q = affine_map<(b, h, i, j, d) -> (b, h, i, d)>
#k = affine_map<(b, h, i, j, d) -> (b, h, j, d)>
#s = affine_map<(b, h, i, j, d) -> (b, h, i, j)>
#p = affine_map<(b, h, i, d, j) -> (b, h, i, j)>
#v = affine_map<(b, h, i, d, j) -> (b, h, j, d)>
#o = affine_map<(b, h, i, d, j) -> (b, h, i, d)>
func.func @attention(%q: tensor<1x2x72x64xbf16>, %k: tensor<1x2x72x64xbf16>, %v: tensor<1x2x72x64xbf16>) -> tensor<1x2x72x64xbf16> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %scale = arith.constant 1.250000000e-01 : f32
  %s0 = tensor.empty() : tensor<1x2x72x72xf32>
  %sz = linalg.fill ins(%zero : f32) outs(%s0 : tensor<1x2x72x72xf32>) -> tensor<1x2x72x72xf32>
  %s = linalg.generic {indexing_maps = [#q, #k, #s], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%q, %k : tensor<1x2x72x64xbf16>, tensor<1x2x72x64xbf16>) outs(%sz : tensor<1x2x72x72xf32>) {
  ^bb0(%a: bf16, %b: bf16, %c: f32):
    %ae = arith.extf %a : bf16 to f32
    %be = arith.extf %b : bf16 to f32
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
  %pb0 = tensor.empty() : tensor<1x2x72x72xbf16>
  %pb = linalg.generic {indexing_maps = [#qkv, #qkv], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%p : tensor<1x2x72x72xf32>) outs(%pb0 : tensor<1x2x72x72xbf16>) {
  ^bb0(%x: f32, %out: bf16):
    %y = arith.truncf %x : f32 to bf16
    linalg.yield %y : bf16
  } -> tensor<1x2x72x72xbf16>
  %o0 = tensor.empty() : tensor<1x2x72x64xf32>
  %oz = linalg.fill ins(%zero : f32) outs(%o0 : tensor<1x2x72x64xf32>) -> tensor<1x2x72x64xf32>
  %o = linalg.generic {indexing_maps = [#p, #v, #o], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%pb, %v : tensor<1x2x72x72xbf16>, tensor<1x2x72x64xbf16>) outs(%oz : tensor<1x2x72x64xf32>) {
  ^bb0(%a: bf16, %b: bf16, %c: f32):
    %ae = arith.extf %a : bf16 to f32
    %be = arith.extf %b : bf16 to f32
    %m = arith.mulf %ae, %be : f32
    %r = arith.addf %c, %m : f32
    linalg.yield %r : f32
  } -> tensor<1x2x72x64xf32>
  %ob0 = tensor.empty() : tensor<1x2x72x64xbf16>
  %ob = linalg.generic {indexing_maps = [#qkv, #qkv], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%o : tensor<1x2x72x64xf32>) outs(%ob0 : tensor<1x2x72x64xbf16>) {
  ^bb0(%x: f32, %out: bf16):
    %y = arith.truncf %x : f32 to bf16
    linalg.yield %y : bf16
  } -> tensor<1x2x72x64xbf16>
  return %ob : tensor<1x2x72x64xbf16>
}
#id3 = affine_map<(h, s, d) -> (h, s, d)>
func.func private @printMemrefF32(tensor<*xf32>)
// fill makes a [1, 2, 72, 64] tensor of sin(a * (flat index)) + o.
func.func @fill(%a: f32, %o: f32) -> tensor<1x2x72x64xbf16> {
  %e = tensor.empty() : tensor<2x72x64xbf16>
  %r = linalg.generic {indexing_maps = [#id3], iterator_types = ["parallel", "parallel", "parallel"]}
      outs(%e : tensor<2x72x64xbf16>) {
  ^bb0(%out: bf16):
    %h = linalg.index 0 : index
    %s = linalg.index 1 : index
    %d = linalg.index 2 : index
    %cs = arith.constant 72 : index
    %cd = arith.constant 64 : index
    %x0 = arith.muli %h, %cs : index
    %x1 = arith.addi %x0, %s : index
    %x2 = arith.muli %x1, %cd : index
    %n = arith.addi %x2, %d : index
    %ni = arith.index_cast %n : index to i32
    %nf = arith.sitofp %ni : i32 to f32
    %t = arith.mulf %nf, %a : f32
    %v0 = math.sin %t : f32
    %v = arith.addf %v0, %o : f32
    %vb = arith.truncf %v : f32 to bf16
    linalg.yield %vb : bf16
  } -> tensor<2x72x64xbf16>
  %x = tensor.expand_shape %r [[0, 1], [2], [3]] output_shape [1, 2, 72, 64] : tensor<2x72x64xbf16> into tensor<1x2x72x64xbf16>
  return %x : tensor<1x2x72x64xbf16>
}
func.func @main() {
  %a = arith.constant 0.37 : f32
  %b = arith.constant 0.11 : f32
  %c = arith.constant 0.53 : f32
  %z = arith.constant 0.0 : f32
  %two = arith.constant 2.0 : f32
  %q = call @fill(%a, %z) : (f32, f32) -> tensor<1x2x72x64xbf16>
  %k = call @fill(%b, %z) : (f32, f32) -> tensor<1x2x72x64xbf16>
  %v = call @fill(%c, %two) : (f32, f32) -> tensor<1x2x72x64xbf16>
  %o = call @attention(%q, %k, %v) : (tensor<1x2x72x64xbf16>, tensor<1x2x72x64xbf16>, tensor<1x2x72x64xbf16>) -> tensor<1x2x72x64xbf16>
  %o3 = tensor.collapse_shape %o [[0, 1], [2], [3]] : tensor<1x2x72x64xbf16> into tensor<2x72x64xbf16>
  %e = tensor.empty() : tensor<2x72x64xf32>
  %of = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%o3 : tensor<2x72x64xbf16>) outs(%e : tensor<2x72x64xf32>) {
  ^bb0(%x: bf16, %out: f32):
    %y = arith.extf %x : bf16 to f32
    linalg.yield %y : f32
  } -> tensor<2x72x64xf32>
  %u = tensor.cast %of : tensor<2x72x64xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
