// Arrays whose sizes are known only at run time: the kernels' grids are
// dynamic (the host computes ceil(size / block) and passes it with the
// call), and the loads at the edge compare with the sizes, which the host
// prefetches into SMEM before the grid runs. The sizes are 19x300 and
// 37x45, from tensor.empty with dynamic sizes.

#id = affine_map<(d0, d1) -> (d0, d1)>

func.func private @printMemrefF32(tensor<*xf32>)

// ramp fills a matrix with ((3i + 5j) mod 11) * 0.25.
func.func @ramp(%t: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %r = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%t : tensor<?x?xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c11 = arith.constant 11 : index
    %p = arith.muli %i, %c3 : index
    %q = arith.muli %j, %c5 : index
    %s = arith.addi %p, %q : index
    %m = arith.remui %s, %c11 : index
    %vi = arith.index_cast %m : index to i32
    %vf = arith.sitofp %vi : i32 to f32
    %h = arith.constant 0.25 : f32
    %x = arith.mulf %vf, %h : f32
    linalg.yield %x : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// softmax over rows of 300, a dynamic number of rows.
func.func @softmax(%x: tensor<?x300xf32>) -> tensor<?x300xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x300xf32>
  %init = tensor.empty(%n) : tensor<?x300xf32>
  %sm = linalg.softmax dimension(1) ins(%x : tensor<?x300xf32>) outs(%init : tensor<?x300xf32>) -> tensor<?x300xf32>
  return %sm : tensor<?x300xf32>
}

// affine computes 2x - 1 over a matrix of any size.
func.func @affine(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xf32>
  %m = tensor.dim %x, %c1 : tensor<?x?xf32>
  %init = tensor.empty(%n, %m) : tensor<?x?xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<?x?xf32>) outs(%init : tensor<?x?xf32>) {
  ^bb0(%v: f32, %o: f32):
    %two = arith.constant 2.0 : f32
    %one = arith.constant 1.0 : f32
    %d = arith.mulf %v, %two : f32
    %e = arith.subf %d, %one : f32
    linalg.yield %e : f32
  } -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

func.func @main() {
  %c19 = arith.constant 19 : index
  %c300 = arith.constant 300 : index
  %c37 = arith.constant 37 : index
  %c45 = arith.constant 45 : index
  %e = tensor.empty(%c19, %c300) : tensor<?x?xf32>
  %x = call @ramp(%e) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %xs = tensor.cast %x : tensor<?x?xf32> to tensor<?x300xf32>
  %sm = call @softmax(%xs) : (tensor<?x300xf32>) -> tensor<?x300xf32>
  %u = tensor.cast %sm : tensor<?x300xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  %e2 = tensor.empty(%c37, %c45) : tensor<?x?xf32>
  %y = call @ramp(%e2) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %z = call @affine(%y) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %w = tensor.cast %z : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%w) : (tensor<*xf32>) -> ()
  return
}
