// Softmax over the rows of a 70x300 matrix (neither dimension a multiple
// of a block) whose entries are generated from their indices.

#id = affine_map<(d0, d1) -> (d0, d1)>
func.func private @printMemrefF32(tensor<*xf32>)

func.func @softmax(%x: tensor<70x300xf32>) -> tensor<70x300xf32> {
  %init = tensor.empty() : tensor<70x300xf32>
  %r = linalg.softmax dimension(1) ins(%x : tensor<70x300xf32>) outs(%init : tensor<70x300xf32>) -> tensor<70x300xf32>
  return %r : tensor<70x300xf32>
}

func.func @main() {
  %e = tensor.empty() : tensor<70x300xf32>
  %x = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<70x300xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c11 = arith.constant 11 : index
    %a = arith.muli %i, %c3 : index
    %b = arith.muli %j, %c5 : index
    %ij = arith.muli %i, %j : index
    %s0 = arith.addi %a, %b : index
    %s = arith.addi %s0, %ij : index
    %m = arith.remui %s, %c11 : index
    %v = arith.index_cast %m : index to i32
    %f = arith.sitofp %v : i32 to f32
    %q = arith.constant 0.25 : f32
    %one = arith.constant 1.0 : f32
    %g = arith.mulf %f, %q : f32
    %h = arith.subf %g, %one : f32
    linalg.yield %h : f32
  } -> tensor<70x300xf32>
  %r = call @softmax(%x) : (tensor<70x300xf32>) -> tensor<70x300xf32>
  %u = tensor.cast %r : tensor<70x300xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
