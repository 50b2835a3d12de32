// relu(A x B + bias) with K = 20: the rows of A are not 16-byte aligned,
// so A is staged through registers (B still by cp.async); 45x20 by 20x24.
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
func.func @gemm(%a: tensor<45x20xbf16>, %b: tensor<20x24xbf16>, %bias: tensor<24xf32>) -> tensor<45x24xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<45x24xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<45x24xf32>) -> tensor<45x24xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<45x20xbf16>, tensor<20x24xbf16>) outs(%acc : tensor<45x24xf32>) -> tensor<45x24xf32>
  %y = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<45x24xf32>, tensor<24xf32>) outs(%e : tensor<45x24xf32>) {
  ^bb0(%v: f32, %bv: f32, %out: f32):
    %s = arith.addf %v, %bv : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  } -> tensor<45x24xf32>
  return %y : tensor<45x24xf32>
}
func.func @main() {
  %c45 = arith.constant 45 : index
  %c24 = arith.constant 24 : index
  %c20 = arith.constant 20 : index
  %c7 = arith.constant 7 : index
  %c5 = arith.constant 5 : index
  %a0 = tensor.empty(%c45, %c20) : tensor<?x?xbf16>
  %ad = call @ramp(%a0, %c7) : (tensor<?x?xbf16>, index) -> tensor<?x?xbf16>
  %a = tensor.cast %ad : tensor<?x?xbf16> to tensor<45x20xbf16>
  %b0 = tensor.empty(%c20, %c24) : tensor<?x?xbf16>
  %bd = call @ramp(%b0, %c5) : (tensor<?x?xbf16>, index) -> tensor<?x?xbf16>
  %b = tensor.cast %bd : tensor<?x?xbf16> to tensor<20x24xbf16>
  %bias = arith.constant dense<[-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 3.5, -2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 3.5, -2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 3.5, -2.5, -1.5, -0.5]> : tensor<24xf32>
  %r = call @gemm(%a, %b, %bias) : (tensor<45x20xbf16>, tensor<20x24xbf16>, tensor<24xf32>) -> tensor<45x24xf32>
  %u = tensor.cast %r : tensor<45x24xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
