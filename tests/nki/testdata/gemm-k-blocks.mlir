// relu(A x B + bias) with A 130x300, B 300x140: three blocks of K (128,
// 128, 44) accumulate in PSUM, and the output is ragged in both
// dimensions (blocks of 128).

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

func.func @gemm_bias_relu(%a: tensor<130x300xf32>, %b: tensor<300x140xf32>, %bias: tensor<140xf32>) -> tensor<130x140xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<130x140xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<130x140xf32>) -> tensor<130x140xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<130x300xf32>, tensor<300x140xf32>)
                      outs(%acc : tensor<130x140xf32>) -> tensor<130x140xf32>
  %y = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<130x140xf32>, tensor<140xf32>) outs(%e : tensor<130x140xf32>) {
  ^bb0(%v: f32, %bv: f32, %out: f32):
    %s = arith.addf %v, %bv : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  } -> tensor<130x140xf32>
  return %y : tensor<130x140xf32>
}

func.func @main() {
  %c300 = arith.constant 300 : index
  %c130 = arith.constant 130 : index
  %c140 = arith.constant 140 : index
  %s1 = arith.constant 0.5 : f32
  %s2 = arith.constant 0.25 : f32
  %a0 = tensor.empty(%c130, %c300) : tensor<?x?xf32>
  %ad = call @ramp(%a0, %s1) : (tensor<?x?xf32>, f32) -> tensor<?x?xf32>
  %a = tensor.cast %ad : tensor<?x?xf32> to tensor<130x300xf32>
  %b0 = tensor.empty(%c300, %c140) : tensor<?x?xf32>
  %bd = call @ramp(%b0, %s2) : (tensor<?x?xf32>, f32) -> tensor<?x?xf32>
  %b = tensor.cast %bd : tensor<?x?xf32> to tensor<300x140xf32>
  %bias = arith.constant dense<[-1.0, 0.75, 0.25, -0.25, -0.75, 1.0, 0.5, 0.0, -0.5, -1.0, 0.75, 0.25, -0.25, -0.75, 1.0, 0.5, 0.0, -0.5, -1.0, 0.75, 0.25, -0.25, -0.75, 1.0, 0.5, 0.0, -0.5, -1.0, 0.75, 0.25, -0.25, -0.75, 1.0, 0.5, 0.0, -0.5, -1.0, 0.75, 0.25, -0.25, -0.75, 1.0, 0.5, 0.0, -0.5, -1.0, 0.75, 0.25, -0.25, -0.75, 1.0, 0.5, 0.0, -0.5, -1.0, 0.75, 0.25, -0.25, -0.75, 1.0, 0.5, 0.0, -0.5, -1.0, 0.75, 0.25, -0.25, -0.75, 1.0, 0.5, 0.0, -0.5, -1.0, 0.75, 0.25, -0.25, -0.75, 1.0, 0.5, 0.0, -0.5, -1.0, 0.75, 0.25, -0.25, -0.75, 1.0, 0.5, 0.0, -0.5, -1.0, 0.75, 0.25, -0.25, -0.75, 1.0, 0.5, 0.0, -0.5, -1.0, 0.75, 0.25, -0.25, -0.75, 1.0, 0.5, 0.0, -0.5, -1.0, 0.75, 0.25, -0.25, -0.75, 1.0, 0.5, 0.0, -0.5, -1.0, 0.75, 0.25, -0.25, -0.75, 1.0, 0.5, 0.0, -0.5, -1.0, 0.75, 0.25, -0.25, -0.75, 1.0, 0.5, 0.0, -0.5, -1.0, 0.75, 0.25, -0.25, -0.75]> : tensor<140xf32>
  %r = call @gemm_bias_relu(%a, %b, %bias) : (tensor<130x300xf32>, tensor<300x140xf32>, tensor<140xf32>) -> tensor<130x140xf32>
  %u = tensor.cast %r : tensor<130x140xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
