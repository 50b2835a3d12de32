// gelu(A x B + bias) in bf16 from bf16 inputs and an f32 accumulator
// (the tanh form): 150x104 by 104x136, more tiles than the tests' blocks
// and ragged against them in M, N and K. Small integers: the tensor cores
// compute the product exactly.
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
func.func private @printMemrefF32(tensor<*xf32>)
func.func @ramp(%t: tensor<?x?xbf16>, %m: index) -> tensor<?x?xbf16> {
  %r = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%t : tensor<?x?xbf16>) {
  ^bb0(%out: bf16):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %a = arith.muli %i, %c3 : index
    %b = arith.muli %j, %c5 : index
    %s = arith.addi %a, %b : index
    %mm = arith.remui %s, %m : index
    %v = arith.subi %mm, %c3 : index
    %vi = arith.index_cast %v : index to i32
    %vf = arith.sitofp %vi : i32 to bf16
    linalg.yield %vf : bf16
  } -> tensor<?x?xbf16>
  return %r : tensor<?x?xbf16>
}
func.func @gemm(%a: tensor<150x104xbf16>, %b: tensor<104x136xbf16>, %bias: tensor<136xf32>) -> tensor<150x136xbf16> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<150x136xf32>
  %o = tensor.empty() : tensor<150x136xbf16>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<150x136xf32>) -> tensor<150x136xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<150x104xbf16>, tensor<104x136xbf16>) outs(%acc : tensor<150x136xf32>) -> tensor<150x136xf32>
  %y = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<150x136xf32>, tensor<136xf32>) outs(%o : tensor<150x136xbf16>) {
  ^bb0(%v: f32, %bv: f32, %out: bf16):
    %s = arith.addf %v, %bv : f32
    %c0797 = arith.constant 0.7978845608028654 : f32
    %c0044 = arith.constant 0.044715 : f32
    %half = arith.constant 0.5 : f32
    %one = arith.constant 1.0 : f32
    %two = arith.constant 2.0 : f32
    %m2 = arith.constant -2.0 : f32
    %x2 = arith.mulf %s, %s : f32
    %x3 = arith.mulf %x2, %s : f32
    %in = arith.mulf %x3, %c0044 : f32
    %in2 = arith.addf %in, %s : f32
    %in3 = arith.mulf %in2, %c0797 : f32
    %u = arith.mulf %in3, %m2 : f32
    %ex = math.exp %u : f32
    %den = arith.addf %ex, %one : f32
    %q = arith.divf %two, %den : f32
    %hs = arith.mulf %s, %half : f32
    %r = arith.mulf %hs, %q : f32
    %c = arith.truncf %r : f32 to bf16
    linalg.yield %c : bf16
  } -> tensor<150x136xbf16>
  return %y : tensor<150x136xbf16>
}
func.func @main() {
  %c150 = arith.constant 150 : index
  %c104 = arith.constant 104 : index
  %c136 = arith.constant 136 : index
  %c7 = arith.constant 7 : index
  %c5 = arith.constant 5 : index
  %a0 = tensor.empty(%c150, %c104) : tensor<?x?xbf16>
  %ad = call @ramp(%a0, %c7) : (tensor<?x?xbf16>, index) -> tensor<?x?xbf16>
  %a = tensor.cast %ad : tensor<?x?xbf16> to tensor<150x104xbf16>
  %b0 = tensor.empty(%c104, %c136) : tensor<?x?xbf16>
  %bd = call @ramp(%b0, %c5) : (tensor<?x?xbf16>, index) -> tensor<?x?xbf16>
  %b = tensor.cast %bd : tensor<?x?xbf16> to tensor<104x136xbf16>
  %bias0 = tensor.empty() : tensor<136xf32>
  %bias = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%bias0 : tensor<136xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 0 : index
    %c9 = arith.constant 9 : index
    %m = arith.remui %i, %c9 : index
    %mi = arith.index_cast %m : index to i32
    %mf = arith.sitofp %mi : i32 to f32
    %q = arith.constant 0.25 : f32
    %c1 = arith.constant -1.0 : f32
    %x = arith.mulf %mf, %q : f32
    %y = arith.addf %x, %c1 : f32
    linalg.yield %y : f32
  } -> tensor<136xf32>
  %r = call @gemm(%a, %b, %bias) : (tensor<150x104xbf16>, tensor<104x136xbf16>, tensor<136xf32>) -> tensor<150x136xbf16>
  %e = tensor.empty() : tensor<150x136xf32>
  %f = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%r : tensor<150x136xbf16>) outs(%e : tensor<150x136xf32>) {
  ^bb0(%v: bf16, %out: f32):
    %x = arith.extf %v : bf16 to f32
    linalg.yield %x : f32
  } -> tensor<150x136xf32>
  %u = tensor.cast %f : tensor<150x136xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
