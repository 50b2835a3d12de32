// Grouped-query attention with static shapes (examples/attention/gqa.mlir
// with K and V made by a static generator): 4 query heads share 2 K/V
// heads, so the K and V windows of a program are indexed by its query
// head divided by 2.

#qkv = affine_map<(b, h, s, d) -> (b, h, s, d)>
#id5 = affine_map<(b, k, g, i, j) -> (b, k, g, i, j)>
#row = affine_map<(b, k, g, i, j) -> (b, k, g, i)>
#q = affine_map<(b, k, g, i, j, d) -> (b, k, g, i, d)>
#k = affine_map<(b, k, g, i, j, d) -> (b, k, j, d)>
#s = affine_map<(b, k, g, i, j, d) -> (b, k, g, i, j)>
#p = affine_map<(b, k, g, i, d, j) -> (b, k, g, i, j)>
#v = affine_map<(b, k, g, i, d, j) -> (b, k, j, d)>
#o = affine_map<(b, k, g, i, d, j) -> (b, k, g, i, d)>

func.func private @printMemrefF32(tensor<*xf32>)

func.func @attention(%q: tensor<2x2x2x24x16xf32>, %k: tensor<2x2x24x16xf32>, %v: tensor<2x2x24x16xf32>) -> tensor<2x2x2x24x16xf32> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %sqrtd = arith.constant 4.0 : f32
  %s0 = tensor.empty() : tensor<2x2x2x24x24xf32>
  %sz = linalg.fill ins(%zero : f32) outs(%s0 : tensor<2x2x2x24x24xf32>) -> tensor<2x2x2x24x24xf32>
  %s = linalg.generic {indexing_maps = [#q, #k, #s], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%q, %k : tensor<2x2x2x24x16xf32>, tensor<2x2x24x16xf32>) outs(%sz : tensor<2x2x2x24x24xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %m = arith.mulf %a, %b : f32
    %r = arith.addf %c, %m : f32
    linalg.yield %r : f32
  } -> tensor<2x2x2x24x24xf32>
  %scaled = linalg.generic {indexing_maps = [#id5, #id5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%s : tensor<2x2x2x24x24xf32>) outs(%s0 : tensor<2x2x2x24x24xf32>) {
  ^bb0(%x: f32, %out: f32):
    %y = arith.divf %x, %sqrtd : f32
    linalg.yield %y : f32
  } -> tensor<2x2x2x24x24xf32>
  // softmax along the keys.
  %r0 = tensor.empty() : tensor<2x2x2x24xf32>
  %mi = linalg.fill ins(%ninf : f32) outs(%r0 : tensor<2x2x2x24xf32>) -> tensor<2x2x2x24xf32>
  %mx = linalg.generic {indexing_maps = [#id5, #row], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%scaled : tensor<2x2x2x24x24xf32>) outs(%mi : tensor<2x2x2x24xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %y = arith.maximumf %x, %acc : f32
    linalg.yield %y : f32
  } -> tensor<2x2x2x24xf32>
  %ex = linalg.generic {indexing_maps = [#id5, #row, #id5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%scaled, %mx : tensor<2x2x2x24x24xf32>, tensor<2x2x2x24xf32>) outs(%s0 : tensor<2x2x2x24x24xf32>) {
  ^bb0(%x: f32, %m: f32, %out: f32):
    %d = arith.subf %x, %m : f32
    %e = math.exp %d : f32
    linalg.yield %e : f32
  } -> tensor<2x2x2x24x24xf32>
  %si = linalg.fill ins(%zero : f32) outs(%r0 : tensor<2x2x2x24xf32>) -> tensor<2x2x2x24xf32>
  %sum = linalg.generic {indexing_maps = [#id5, #row], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%ex : tensor<2x2x2x24x24xf32>) outs(%si : tensor<2x2x2x24xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %y = arith.addf %x, %acc : f32
    linalg.yield %y : f32
  } -> tensor<2x2x2x24xf32>
  %p = linalg.generic {indexing_maps = [#id5, #row, #id5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%ex, %sum : tensor<2x2x2x24x24xf32>, tensor<2x2x2x24xf32>) outs(%s0 : tensor<2x2x2x24x24xf32>) {
  ^bb0(%x: f32, %t: f32, %out: f32):
    %y = arith.divf %x, %t : f32
    linalg.yield %y : f32
  } -> tensor<2x2x2x24x24xf32>
  %o0 = tensor.empty() : tensor<2x2x2x24x16xf32>
  %oz = linalg.fill ins(%zero : f32) outs(%o0 : tensor<2x2x2x24x16xf32>) -> tensor<2x2x2x24x16xf32>
  %o = linalg.generic {indexing_maps = [#p, #v, #o], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%p, %v : tensor<2x2x2x24x24xf32>, tensor<2x2x24x16xf32>) outs(%oz : tensor<2x2x2x24x16xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %m = arith.mulf %a, %b : f32
    %r = arith.addf %c, %m : f32
    linalg.yield %r : f32
  } -> tensor<2x2x2x24x16xf32>
  return %o : tensor<2x2x2x24x16xf32>
}

// fill makes a [2, H, 24, 16] tensor of sin(a * (flat index mod 29)).
func.func @fill(%a: f32) -> tensor<2x2x24x16xf32> {
  %t = tensor.empty() : tensor<2x2x24x16xf32>
  %r = linalg.generic {indexing_maps = [#qkv], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      outs(%t : tensor<2x2x24x16xf32>) {
  ^bb0(%out: f32):
    %b = linalg.index 0 : index
    %h = linalg.index 1 : index
    %s = linalg.index 2 : index
    %d = linalg.index 3 : index
    %c16 = arith.constant 16 : index
    %c384 = arith.constant 384 : index
    %c1536 = arith.constant 1536 : index
    %x = arith.muli %h, %c384 : index
    %y = arith.muli %s, %c16 : index
    %z = arith.muli %b, %c1536 : index
    %xy = arith.addi %x, %y : index
    %xyz = arith.addi %xy, %z : index
    %n = arith.addi %xyz, %d : index
    %c29 = arith.constant 29 : index
    %nm = arith.remui %n, %c29 : index
    %ni = arith.index_cast %nm : index to i32
    %nf = arith.sitofp %ni : i32 to f32
    %t1 = arith.mulf %nf, %a : f32
    %v = math.sin %t1 : f32
    linalg.yield %v : f32
  } -> tensor<2x2x24x16xf32>
  return %r : tensor<2x2x24x16xf32>
}

// fillq makes the [2, 2, 2, 24, 16] queries of sin(a * (flat index mod 29)).
func.func @fillq(%a: f32) -> tensor<2x2x2x24x16xf32> {
  %t = tensor.empty() : tensor<2x2x2x24x16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(b, k, g, s, d) -> (b, k, g, s, d)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]}
      outs(%t : tensor<2x2x2x24x16xf32>) {
  ^bb0(%out: f32):
    %b = linalg.index 0 : index
    %k = linalg.index 1 : index
    %g = linalg.index 2 : index
    %s = linalg.index 3 : index
    %d = linalg.index 4 : index
    %c2 = arith.constant 2 : index
    %c16 = arith.constant 16 : index
    %c384 = arith.constant 384 : index
    %c1536 = arith.constant 1536 : index
    %k2 = arith.muli %k, %c2 : index
    %h = arith.addi %k2, %g : index
    %x = arith.muli %h, %c384 : index
    %y = arith.muli %s, %c16 : index
    %z = arith.muli %b, %c1536 : index
    %xy = arith.addi %x, %y : index
    %xyz = arith.addi %xy, %z : index
    %n = arith.addi %xyz, %d : index
    %c29 = arith.constant 29 : index
    %nm = arith.remui %n, %c29 : index
    %ni = arith.index_cast %nm : index to i32
    %nf = arith.sitofp %ni : i32 to f32
    %t1 = arith.mulf %nf, %a : f32
    %v = math.sin %t1 : f32
    linalg.yield %v : f32
  } -> tensor<2x2x2x24x16xf32>
  return %r : tensor<2x2x2x24x16xf32>
}

func.func @main() {
  %a = arith.constant 0.37 : f32
  %b = arith.constant 0.11 : f32
  %c = arith.constant 0.53 : f32
  %q = call @fillq(%a) : (f32) -> tensor<2x2x2x24x16xf32>
  %k = call @fill(%b) : (f32) -> tensor<2x2x24x16xf32>
  %v = call @fill(%c) : (f32) -> tensor<2x2x24x16xf32>
  %o = call @attention(%q, %k, %v) : (tensor<2x2x2x24x16xf32>, tensor<2x2x24x16xf32>, tensor<2x2x24x16xf32>) -> tensor<2x2x2x24x16xf32>
  %u = tensor.cast %o : tensor<2x2x2x24x16xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
