// Attention in bf16 (bench.py's attention_source, queries and keys of
// different lengths): one head, 128 queries, 400 keys (ragged against blocks
// of 128), D=128, with a main that fills Q, K and V (V about 2) and prints the
// result. With blocks of 128 keys the kernel has three stages, so that the
// fourth key block reuses the first stage in the ring's second round.
#qkv = affine_map<(b, h, s, d) -> (b, h, s, d)>
#q = affine_map<(b, h, i, j, d) -> (b, h, i, d)>
#k = affine_map<(b, h, i, j, d) -> (b, h, j, d)>
#s = affine_map<(b, h, i, j, d) -> (b, h, i, j)>
#p = affine_map<(b, h, i, d, j) -> (b, h, i, j)>
#v = affine_map<(b, h, i, d, j) -> (b, h, j, d)>
#o = affine_map<(b, h, i, d, j) -> (b, h, i, d)>
func.func @attention(%q: tensor<1x1x128x128xbf16>, %k: tensor<1x1x400x128xbf16>, %v: tensor<1x1x400x128xbf16>) -> tensor<1x1x128x128xbf16> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %scale = arith.constant 8.838834765e-02 : f32
  %s0 = tensor.empty() : tensor<1x1x128x400xf32>
  %sz = linalg.fill ins(%zero : f32) outs(%s0 : tensor<1x1x128x400xf32>) -> tensor<1x1x128x400xf32>
  %s = linalg.generic {indexing_maps = [#q, #k, #s], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%q, %k : tensor<1x1x128x128xbf16>, tensor<1x1x400x128xbf16>) outs(%sz : tensor<1x1x128x400xf32>) {
  ^bb0(%a: bf16, %b: bf16, %c: f32):
    %ae = arith.extf %a : bf16 to f32
    %be = arith.extf %b : bf16 to f32
    %m = arith.mulf %ae, %be : f32
    %r = arith.addf %c, %m : f32
    linalg.yield %r : f32
  } -> tensor<1x1x128x400xf32>
  %masked = linalg.generic {indexing_maps = [#qkv, #qkv], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%s : tensor<1x1x128x400xf32>) outs(%s0 : tensor<1x1x128x400xf32>) {
  ^bb0(%x: f32, %out: f32):
    %y = arith.mulf %x, %scale : f32
    linalg.yield %y : f32
  } -> tensor<1x1x128x400xf32>
  %p = linalg.softmax dimension(3) ins(%masked : tensor<1x1x128x400xf32>) outs(%s0 : tensor<1x1x128x400xf32>) -> tensor<1x1x128x400xf32>
  %pb0 = tensor.empty() : tensor<1x1x128x400xbf16>
  %pb = linalg.generic {indexing_maps = [#qkv, #qkv], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%p : tensor<1x1x128x400xf32>) outs(%pb0 : tensor<1x1x128x400xbf16>) {
  ^bb0(%x: f32, %out: bf16):
    %y = arith.truncf %x : f32 to bf16
    linalg.yield %y : bf16
  } -> tensor<1x1x128x400xbf16>
  %o0 = tensor.empty() : tensor<1x1x128x128xf32>
  %oz = linalg.fill ins(%zero : f32) outs(%o0 : tensor<1x1x128x128xf32>) -> tensor<1x1x128x128xf32>
  %o = linalg.generic {indexing_maps = [#p, #v, #o], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%pb, %v : tensor<1x1x128x400xbf16>, tensor<1x1x400x128xbf16>) outs(%oz : tensor<1x1x128x128xf32>) {
  ^bb0(%a: bf16, %b: bf16, %c: f32):
    %ae = arith.extf %a : bf16 to f32
    %be = arith.extf %b : bf16 to f32
    %m = arith.mulf %ae, %be : f32
    %r = arith.addf %c, %m : f32
    linalg.yield %r : f32
  } -> tensor<1x1x128x128xf32>
  %ob0 = tensor.empty() : tensor<1x1x128x128xbf16>
  %ob = linalg.generic {indexing_maps = [#qkv, #qkv], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%o : tensor<1x1x128x128xf32>) outs(%ob0 : tensor<1x1x128x128xbf16>) {
  ^bb0(%x: f32, %out: bf16):
    %y = arith.truncf %x : f32 to bf16
    linalg.yield %y : bf16
  } -> tensor<1x1x128x128xbf16>
  return %ob : tensor<1x1x128x128xbf16>
}
#id2 = affine_map<(s, d) -> (s, d)>
func.func private @printMemrefF32(tensor<*xf32>)
// fill128 makes a [1, 1, 128, 128] tensor of sin(a * (flat index)) + o.
func.func @fill128(%a: f32, %o: f32) -> tensor<1x1x128x128xbf16> {
  %e = tensor.empty() : tensor<128x128xbf16>
  %r = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]}
      outs(%e : tensor<128x128xbf16>) {
  ^bb0(%out: bf16):
    %s = linalg.index 0 : index
    %d = linalg.index 1 : index
    %cd = arith.constant 128 : index
    %x = arith.muli %s, %cd : index
    %n = arith.addi %x, %d : index
    %ni = arith.index_cast %n : index to i32
    %nf = arith.sitofp %ni : i32 to f32
    %t = arith.mulf %nf, %a : f32
    %v0 = math.sin %t : f32
    %v = arith.addf %v0, %o : f32
    %vb = arith.truncf %v : f32 to bf16
    linalg.yield %vb : bf16
  } -> tensor<128x128xbf16>
  %x = tensor.expand_shape %r [[0, 1, 2], [3]] output_shape [1, 1, 128, 128] : tensor<128x128xbf16> into tensor<1x1x128x128xbf16>
  return %x : tensor<1x1x128x128xbf16>
}
// fill400 makes a [1, 1, 400, 128] tensor of sin(a * (flat index)) + o.
func.func @fill400(%a: f32, %o: f32) -> tensor<1x1x400x128xbf16> {
  %e = tensor.empty() : tensor<400x128xbf16>
  %r = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]}
      outs(%e : tensor<400x128xbf16>) {
  ^bb0(%out: bf16):
    %s = linalg.index 0 : index
    %d = linalg.index 1 : index
    %cd = arith.constant 128 : index
    %x = arith.muli %s, %cd : index
    %n = arith.addi %x, %d : index
    %ni = arith.index_cast %n : index to i32
    %nf = arith.sitofp %ni : i32 to f32
    %t = arith.mulf %nf, %a : f32
    %v0 = math.sin %t : f32
    %v = arith.addf %v0, %o : f32
    %vb = arith.truncf %v : f32 to bf16
    linalg.yield %vb : bf16
  } -> tensor<400x128xbf16>
  %x = tensor.expand_shape %r [[0, 1, 2], [3]] output_shape [1, 1, 400, 128] : tensor<400x128xbf16> into tensor<1x1x400x128xbf16>
  return %x : tensor<1x1x400x128xbf16>
}
func.func @main() {
  %a = arith.constant 0.37 : f32
  %b = arith.constant 0.11 : f32
  %c = arith.constant 0.53 : f32
  %z = arith.constant 0.0 : f32
  %two = arith.constant 2.0 : f32
  %q = call @fill128(%a, %z) : (f32, f32) -> tensor<1x1x128x128xbf16>
  %k = call @fill400(%b, %z) : (f32, f32) -> tensor<1x1x400x128xbf16>
  %v = call @fill400(%c, %two) : (f32, f32) -> tensor<1x1x400x128xbf16>
  %o = call @attention(%q, %k, %v) : (tensor<1x1x128x128xbf16>, tensor<1x1x400x128xbf16>, tensor<1x1x400x128xbf16>) -> tensor<1x1x128x128xbf16>
  %o2 = tensor.collapse_shape %o [[0, 1, 2], [3]] : tensor<1x1x128x128xbf16> into tensor<128x128xbf16>
  %e = tensor.empty() : tensor<128x128xf32>
  %of = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%o2 : tensor<128x128xbf16>) outs(%e : tensor<128x128xf32>) {
  ^bb0(%x: bf16, %out: f32):
    %y = arith.extf %x : bf16 to f32
    linalg.yield %y : f32
  } -> tensor<128x128xf32>
  %u = tensor.cast %of : tensor<128x128xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
