// A GEMM with a bias and relu epilogue, relu(A x B + bias), with A 13x11,
// B 11x17 and bias 17: shapes that no block size divides. The epilogue is
// the element-wise chain that a kernel compiler fuses into the product.
//
//   go run ./tools/strata-run -e main -entry-point-result=void examples/gemm-bias-relu/gemm-bias-relu.mlir

#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>

func.func private @printMemrefF32(tensor<*xf32>)

// ramp fills a matrix with ((3i + 5j) mod 7 - 3) * scale.
func.func @ramp(%t: tensor<?x?xf32>, %scale: f32) -> tensor<?x?xf32> {
  %r = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%t : tensor<?x?xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %a = arith.muli %i, %c3 : index
    %b = arith.muli %j, %c5 : index
    %s = arith.addi %a, %b : index
    %m = arith.remui %s, %c7 : index
    %v = arith.subi %m, %c3 : index
    %vi = arith.index_cast %v : index to i32
    %vf = arith.sitofp %vi : i32 to f32
    %x = arith.mulf %vf, %scale : f32
    linalg.yield %x : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

func.func @gemm_bias_relu(%a: tensor<13x11xf32>, %b: tensor<11x17xf32>, %bias: tensor<17xf32>) -> tensor<13x17xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<13x17xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<13x17xf32>) -> tensor<13x17xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<13x11xf32>, tensor<11x17xf32>)
                      outs(%acc : tensor<13x17xf32>) -> tensor<13x17xf32>
  %y = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<13x17xf32>, tensor<17xf32>) outs(%e : tensor<13x17xf32>) {
  ^bb0(%v: f32, %bv: f32, %out: f32):
    %s = arith.addf %v, %bv : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  } -> tensor<13x17xf32>
  return %y : tensor<13x17xf32>
}

func.func @main() {
  %c11 = arith.constant 11 : index
  %c13 = arith.constant 13 : index
  %c17 = arith.constant 17 : index
  %s1 = arith.constant 0.5 : f32
  %s2 = arith.constant 0.25 : f32
  %a0 = tensor.empty(%c13, %c11) : tensor<?x?xf32>
  %ad = call @ramp(%a0, %s1) : (tensor<?x?xf32>, f32) -> tensor<?x?xf32>
  %a = tensor.cast %ad : tensor<?x?xf32> to tensor<13x11xf32>
  %b0 = tensor.empty(%c11, %c17) : tensor<?x?xf32>
  %bd = call @ramp(%b0, %s2) : (tensor<?x?xf32>, f32) -> tensor<?x?xf32>
  %b = tensor.cast %bd : tensor<?x?xf32> to tensor<11x17xf32>
  %bias = arith.constant dense<[0.5, -1.0, 0.25, 2.0, -0.5, 0.0, 1.0, -2.0, 0.75, 0.125, -0.25, 1.5, -1.5, 0.0, 0.5, -0.75, 3.0]> : tensor<17xf32>
  %r = call @gemm_bias_relu(%a, %b, %bias) : (tensor<13x11xf32>, tensor<11x17xf32>, tensor<17xf32>) -> tensor<13x17xf32>
  %u = tensor.cast %r : tensor<13x17xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
