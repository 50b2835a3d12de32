// Softmax over rows of 300 (one block of 512 per row on
// TPU) and the sums of squares of the rows (a loop over blocks of 128
// columns, which becomes an arbitrary grid axis), 20 rows (one ragged
// block of 128).

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

func.func private @printMemrefF32(tensor<*xf32>)

func.func @ramp(%t: tensor<20x300xf32>) -> tensor<20x300xf32> {
  %r = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%t : tensor<20x300xf32>) {
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
  } -> tensor<20x300xf32>
  return %r : tensor<20x300xf32>
}

func.func @softmax(%x: tensor<20x300xf32>) -> tensor<20x300xf32> {
  %init = tensor.empty() : tensor<20x300xf32>
  %sm = linalg.softmax dimension(1) ins(%x : tensor<20x300xf32>) outs(%init : tensor<20x300xf32>) -> tensor<20x300xf32>
  return %sm : tensor<20x300xf32>
}

func.func @sumsq(%x: tensor<20x300xf32>) -> tensor<20xf32> {
  %zero = arith.constant 0.0 : f32
  %r0 = tensor.empty() : tensor<20xf32>
  %rz = linalg.fill ins(%zero : f32) outs(%r0 : tensor<20xf32>) -> tensor<20xf32>
  %ss = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<20x300xf32>) outs(%rz : tensor<20xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %sq = arith.mulf %v, %v : f32
    %a = arith.addf %acc, %sq : f32
    linalg.yield %a : f32
  } -> tensor<20xf32>
  return %ss : tensor<20xf32>
}

func.func @main() {
  %e = tensor.empty() : tensor<20x300xf32>
  %x = call @ramp(%e) : (tensor<20x300xf32>) -> tensor<20x300xf32>
  %sm = call @softmax(%x) : (tensor<20x300xf32>) -> tensor<20x300xf32>
  %ss = call @sumsq(%x) : (tensor<20x300xf32>) -> tensor<20xf32>
  %u = tensor.cast %sm : tensor<20x300xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  %w = tensor.cast %ss : tensor<20xf32> to tensor<*xf32>
  call @printMemrefF32(%w) : (tensor<*xf32>) -> ()
  return
}
