
// relu(A x B + bias) with ragged M, N and K (20x300 by 300x140): the
// k loop of the tile kernel becomes the trailing arbitrary grid axis (3
// blocks of 128), its accumulator an f32 VMEM scratch ref set under
// k == 0, and the epilogue and the store run under k == 2. Every block
// at the edge is masked, and --check-semantics runs the grid as Mosaic
// does, with garbage past the end of the arrays.


// On v6e the blocks fill the 256x256 MXU: 2 blocks of k.

#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>

func.func private @printMemrefF32(tensor<*xf32>)

func.func @gemm(%a: tensor<20x300xf32>, %b: tensor<300x140xf32>, %bias: tensor<140xf32>) -> tensor<20x140xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<20x140xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<20x140xf32>) -> tensor<20x140xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<20x300xf32>, tensor<300x140xf32>)
                      outs(%acc : tensor<20x140xf32>) -> tensor<20x140xf32>
  %y = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<20x140xf32>, tensor<140xf32>) outs(%e : tensor<20x140xf32>) {
  ^bb0(%v: f32, %bv: f32, %out: f32):
    %s = arith.addf %v, %bv : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  } -> tensor<20x140xf32>
  return %y : tensor<20x140xf32>
}

// ramp fills a matrix with ((3i + 5j) mod 7 - 3) * scale.
func.func @ramp(%t: tensor<20x300xf32>, %scale: f32) -> tensor<20x300xf32> {
  %r = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%t : tensor<20x300xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %p = arith.muli %i, %c3 : index
    %q = arith.muli %j, %c5 : index
    %s = arith.addi %p, %q : index
    %m = arith.remui %s, %c7 : index
    %v = arith.subi %m, %c3 : index
    %vi = arith.index_cast %v : index to i32
    %vf = arith.sitofp %vi : i32 to f32
    %x = arith.mulf %vf, %scale : f32
    linalg.yield %x : f32
  } -> tensor<20x300xf32>
  return %r : tensor<20x300xf32>
}

func.func @main() {
  %a0 = tensor.empty() : tensor<20x300xf32>
  %half = arith.constant 0.5 : f32
  %a = call @ramp(%a0, %half) : (tensor<20x300xf32>, f32) -> tensor<20x300xf32>
  %b = arith.constant dense<0.25> : tensor<300x140xf32>
  %c7 = arith.constant 7.0 : f32
  %bias0 = tensor.empty() : tensor<140xf32>
  %bias = linalg.fill ins(%c7 : f32) outs(%bias0 : tensor<140xf32>) -> tensor<140xf32>
  %r = call @gemm(%a, %b, %bias) : (tensor<20x300xf32>, tensor<300x140xf32>, tensor<140xf32>) -> tensor<20x140xf32>
  %u = tensor.cast %r : tensor<20x140xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
