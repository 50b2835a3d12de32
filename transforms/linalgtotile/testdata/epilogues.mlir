// GEMMs of ragged shapes (45x33 by 33x70) whose epilogues are the
// activations of transformer blocks: bias + GELU (tanh approximation),
// bias + GELU (erf), SiLU, fused after the k loop, on the accumulator.
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
func.func private @printMemrefF32(tensor<*xf32>)
func.func @ramp(%t: tensor<?x?xf32>, %s: f32) -> tensor<?x?xf32> {
  %r = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%t : tensor<?x?xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c5 = arith.constant 5 : index
    %a = arith.muli %i, %c5 : index
    %b = arith.addi %a, %j : index
    %c13 = arith.constant 13 : index
    %m = arith.remui %b, %c13 : index
    %v = arith.index_cast %m : index to i32
    %f = arith.sitofp %v : i32 to f32
    %c6 = arith.constant 6.0 : f32
    %g = arith.subf %f, %c6 : f32
    %x = arith.mulf %g, %s : f32
    linalg.yield %x : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
func.func @gelu_tanh(%a: tensor<45x33xf32>, %b: tensor<33x70xf32>, %bias: tensor<70xf32>) -> tensor<45x70xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<45x70xf32>
  %acc = linalg.fill ins(%z : f32) outs(%e : tensor<45x70xf32>) -> tensor<45x70xf32>
  %p = linalg.matmul ins(%a, %b : tensor<45x33xf32>, tensor<33x70xf32>) outs(%acc : tensor<45x70xf32>) -> tensor<45x70xf32>
  %y = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%p, %bias : tensor<45x70xf32>, tensor<70xf32>) outs(%e : tensor<45x70xf32>) {
  ^bb0(%v: f32, %bv: f32, %out: f32):
    %x = arith.addf %v, %bv : f32
    %half = arith.constant 0.5 : f32
    %one = arith.constant 1.0 : f32
    %k0 = arith.constant 0.7978845608 : f32
    %k1 = arith.constant 0.044715 : f32
    %x2 = arith.mulf %x, %x : f32
    %x3 = arith.mulf %x2, %x : f32
    %t0 = arith.mulf %x3, %k1 : f32
    %t1 = arith.addf %x, %t0 : f32
    %t2 = arith.mulf %t1, %k0 : f32
    %th = math.tanh %t2 : f32
    %t3 = arith.addf %th, %one : f32
    %t4 = arith.mulf %x, %t3 : f32
    %r = arith.mulf %t4, %half : f32
    linalg.yield %r : f32
  } -> tensor<45x70xf32>
  return %y : tensor<45x70xf32>
}
func.func @gelu_erf(%a: tensor<45x33xf32>, %b: tensor<33x70xf32>, %bias: tensor<70xf32>) -> tensor<45x70xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<45x70xf32>
  %acc = linalg.fill ins(%z : f32) outs(%e : tensor<45x70xf32>) -> tensor<45x70xf32>
  %p = linalg.matmul ins(%a, %b : tensor<45x33xf32>, tensor<33x70xf32>) outs(%acc : tensor<45x70xf32>) -> tensor<45x70xf32>
  %y = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%p, %bias : tensor<45x70xf32>, tensor<70xf32>) outs(%e : tensor<45x70xf32>) {
  ^bb0(%v: f32, %bv: f32, %out: f32):
    %x = arith.addf %v, %bv : f32
    %half = arith.constant 0.5 : f32
    %one = arith.constant 1.0 : f32
    %rs2 = arith.constant 0.7071067812 : f32
    %t0 = arith.mulf %x, %rs2 : f32
    %er = math.erf %t0 : f32
    %t1 = arith.addf %er, %one : f32
    %t2 = arith.mulf %x, %t1 : f32
    %r = arith.mulf %t2, %half : f32
    linalg.yield %r : f32
  } -> tensor<45x70xf32>
  return %y : tensor<45x70xf32>
}
func.func @silu(%a: tensor<45x33xf32>, %b: tensor<33x70xf32>) -> tensor<45x70xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<45x70xf32>
  %acc = linalg.fill ins(%z : f32) outs(%e : tensor<45x70xf32>) -> tensor<45x70xf32>
  %p = linalg.matmul ins(%a, %b : tensor<45x33xf32>, tensor<33x70xf32>) outs(%acc : tensor<45x70xf32>) -> tensor<45x70xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%p : tensor<45x70xf32>) outs(%e : tensor<45x70xf32>) {
  ^bb0(%x: f32, %out: f32):
    %one = arith.constant 1.0 : f32
    %n = arith.negf %x : f32
    %ex = math.exp %n : f32
    %d = arith.addf %ex, %one : f32
    %r = arith.divf %x, %d : f32
    linalg.yield %r : f32
  } -> tensor<45x70xf32>
  return %y : tensor<45x70xf32>
}
func.func @main() {
  %c45 = arith.constant 45 : index
  %c33 = arith.constant 33 : index
  %c70 = arith.constant 70 : index
  %c1 = arith.constant 1 : index
  %s1 = arith.constant 0.05 : f32
  %s2 = arith.constant 0.04 : f32
  %s3 = arith.constant 0.1 : f32
  %ea = tensor.empty(%c45, %c33) : tensor<?x?xf32>
  %eb = tensor.empty(%c33, %c70) : tensor<?x?xf32>
  %ec = tensor.empty(%c1, %c70) : tensor<?x?xf32>
  %ad = func.call @ramp(%ea, %s1) : (tensor<?x?xf32>, f32) -> tensor<?x?xf32>
  %bd = func.call @ramp(%eb, %s2) : (tensor<?x?xf32>, f32) -> tensor<?x?xf32>
  %cd = func.call @ramp(%ec, %s3) : (tensor<?x?xf32>, f32) -> tensor<?x?xf32>
  %a = tensor.cast %ad : tensor<?x?xf32> to tensor<45x33xf32>
  %b = tensor.cast %bd : tensor<?x?xf32> to tensor<33x70xf32>
  %c = tensor.cast %cd : tensor<?x?xf32> to tensor<1x70xf32>
  %bias = tensor.collapse_shape %c [[0, 1]] : tensor<1x70xf32> into tensor<70xf32>
  %g1 = func.call @gelu_tanh(%a, %b, %bias) : (tensor<45x33xf32>, tensor<33x70xf32>, tensor<70xf32>) -> tensor<45x70xf32>
  %g2 = func.call @gelu_erf(%a, %b, %bias) : (tensor<45x33xf32>, tensor<33x70xf32>, tensor<70xf32>) -> tensor<45x70xf32>
  %g3 = func.call @silu(%a, %b) : (tensor<45x33xf32>, tensor<33x70xf32>) -> tensor<45x70xf32>
  %u1 = tensor.cast %g1 : tensor<45x70xf32> to tensor<*xf32>
  %u2 = tensor.cast %g2 : tensor<45x70xf32> to tensor<*xf32>
  %u3 = tensor.cast %g3 : tensor<45x70xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
  func.call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()
  func.call @printMemrefF32(%u3) : (tensor<*xf32>) -> ()
  return
}
