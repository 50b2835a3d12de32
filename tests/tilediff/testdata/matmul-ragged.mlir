// A ragged matrix product, 37x29 times 29x45 (no dimension a multiple of
// a block), of small integers, so that the result is exact.

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func private @printMemrefF32(tensor<*xf32>)

func.func @matmul(%a: tensor<37x29xf32>, %b: tensor<29x45xf32>) -> tensor<37x45xf32> {
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<37x45xf32>
  %c = linalg.fill ins(%zero : f32) outs(%init : tensor<37x45xf32>) -> tensor<37x45xf32>
  %r = linalg.matmul ins(%a, %b : tensor<37x29xf32>, tensor<29x45xf32>) outs(%c : tensor<37x45xf32>) -> tensor<37x45xf32>
  return %r : tensor<37x45xf32>
}

func.func @ramp(%e: tensor<?x?xf32>, %p: index, %q: index) -> tensor<?x?xf32> {
  %r = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<?x?xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %a = arith.muli %i, %p : index
    %b = arith.muli %j, %q : index
    %ij = arith.muli %i, %j : index
    %s0 = arith.addi %a, %b : index
    %s = arith.addi %s0, %ij : index
    %c7 = arith.constant 7 : index
    %m = arith.remui %s, %c7 : index
    %v = arith.index_cast %m : index to i32
    %f = arith.sitofp %v : i32 to f32
    %c3 = arith.constant 3.0 : f32
    %g = arith.subf %f, %c3 : f32
    linalg.yield %g : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

func.func @main() {
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c2 = arith.constant 2 : index
  %ea = tensor.empty() : tensor<37x29xf32>
  %eb = tensor.empty() : tensor<29x45xf32>
  %da = tensor.cast %ea : tensor<37x29xf32> to tensor<?x?xf32>
  %db = tensor.cast %eb : tensor<29x45xf32> to tensor<?x?xf32>
  %ra = call @ramp(%da, %c3, %c5) : (tensor<?x?xf32>, index, index) -> tensor<?x?xf32>
  %rb = call @ramp(%db, %c5, %c2) : (tensor<?x?xf32>, index, index) -> tensor<?x?xf32>
  %a = tensor.cast %ra : tensor<?x?xf32> to tensor<37x29xf32>
  %b = tensor.cast %rb : tensor<?x?xf32> to tensor<29x45xf32>
  %r = call @matmul(%a, %b) : (tensor<37x29xf32>, tensor<29x45xf32>) -> tensor<37x45xf32>
  %u = tensor.cast %r : tensor<37x45xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
