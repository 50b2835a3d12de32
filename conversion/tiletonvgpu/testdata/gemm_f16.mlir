// relu(A x B + bias), f16 inputs, f32 accumulator and output: 37x48 by
// 48x40, ragged against every block size of the tests. Small integers:
// the tensor cores compute it exactly.
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
func.func private @printMemrefF32(tensor<*xf32>)
func.func @ramp(%t: tensor<?x?xf16>, %m: index) -> tensor<?x?xf16> {
  %r = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%t : tensor<?x?xf16>) {
  ^bb0(%out: f16):
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
    %vf = arith.sitofp %vi : i32 to f16
    linalg.yield %vf : f16
  } -> tensor<?x?xf16>
  return %r : tensor<?x?xf16>
}
func.func @gemm(%a: tensor<37x48xf16>, %b: tensor<48x40xf16>, %bias: tensor<40xf32>) -> tensor<37x40xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<37x40xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<37x40xf32>) -> tensor<37x40xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<37x48xf16>, tensor<48x40xf16>) outs(%acc : tensor<37x40xf32>) -> tensor<37x40xf32>
  %y = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<37x40xf32>, tensor<40xf32>) outs(%e : tensor<37x40xf32>) {
  ^bb0(%v: f32, %bv: f32, %out: f32):
    %s = arith.addf %v, %bv : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  } -> tensor<37x40xf32>
  return %y : tensor<37x40xf32>
}
func.func @main() {
  %c37 = arith.constant 37 : index
  %c40 = arith.constant 40 : index
  %c48 = arith.constant 48 : index
  %c7 = arith.constant 7 : index
  %c5 = arith.constant 5 : index
  %a0 = tensor.empty(%c37, %c48) : tensor<?x?xf16>
  %ad = call @ramp(%a0, %c7) : (tensor<?x?xf16>, index) -> tensor<?x?xf16>
  %a = tensor.cast %ad : tensor<?x?xf16> to tensor<37x48xf16>
  %b0 = tensor.empty(%c48, %c40) : tensor<?x?xf16>
  %bd = call @ramp(%b0, %c5) : (tensor<?x?xf16>, index) -> tensor<?x?xf16>
  %b = tensor.cast %bd : tensor<?x?xf16> to tensor<48x40xf16>
  %bias = arith.constant dense<[0.5, -1.0, 0.25, 2.0, -0.5, 0.0, 1.0, -2.0, 0.75, 0.125, -0.25, 1.5, -1.5, 0.0, 0.5, -0.75, 3.0, 0.5, -1.0, 0.25, 2.0, -0.5, 0.0, 1.0, -2.0, 0.75, 0.125, -0.25, 1.5, -1.5, 0.0, 0.5, -0.75, 3.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0]> : tensor<40xf32>
  %r = call @gemm(%a, %b, %bias) : (tensor<37x48xf16>, tensor<48x40xf16>, tensor<40xf32>) -> tensor<37x40xf32>
  %u = tensor.cast %r : tensor<37x40xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
