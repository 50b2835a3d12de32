// C = A x B for 1000x1000 matrices whose entries are small integers
// ((p*i + q*j + i*j) mod 7 - 3), so that every sum is exact in f32 and
// the order of the additions cannot change the result; prints the row
// sums of C and its bottom-right corner.

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func private @printMemrefF32(tensor<*xf32>)

func.func @matmul(%a: tensor<1000x1000xf32>, %b: tensor<1000x1000xf32>) -> tensor<1000x1000xf32> {
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<1000x1000xf32>
  %c = linalg.fill ins(%zero : f32) outs(%init : tensor<1000x1000xf32>) -> tensor<1000x1000xf32>
  %r = linalg.matmul ins(%a, %b : tensor<1000x1000xf32>, tensor<1000x1000xf32>) outs(%c : tensor<1000x1000xf32>) -> tensor<1000x1000xf32>
  return %r : tensor<1000x1000xf32>
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

func.func @rowsum(%x: tensor<1000x1000xf32>) -> tensor<1000xf32> {
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<1000xf32>
  %c = linalg.fill ins(%zero : f32) outs(%init : tensor<1000xf32>) -> tensor<1000xf32>
  %r = linalg.reduce ins(%x : tensor<1000x1000xf32>) outs(%c : tensor<1000xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<1000xf32>
}

func.func @main() {
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c2 = arith.constant 2 : index
  %ea = tensor.empty() : tensor<1000x1000xf32>
  %eb = tensor.empty() : tensor<1000x1000xf32>
  %da = tensor.cast %ea : tensor<1000x1000xf32> to tensor<?x?xf32>
  %db = tensor.cast %eb : tensor<1000x1000xf32> to tensor<?x?xf32>
  %ra = call @ramp(%da, %c3, %c5) : (tensor<?x?xf32>, index, index) -> tensor<?x?xf32>
  %rb = call @ramp(%db, %c5, %c2) : (tensor<?x?xf32>, index, index) -> tensor<?x?xf32>
  %a = tensor.cast %ra : tensor<?x?xf32> to tensor<1000x1000xf32>
  %b = tensor.cast %rb : tensor<?x?xf32> to tensor<1000x1000xf32>
  %r = call @matmul(%a, %b) : (tensor<1000x1000xf32>, tensor<1000x1000xf32>) -> tensor<1000x1000xf32>
  %s = call @rowsum(%r) : (tensor<1000x1000xf32>) -> tensor<1000xf32>
  %u = tensor.cast %s : tensor<1000xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  %corner = tensor.extract_slice %r[990, 993] [10, 7] [1, 1] : tensor<1000x1000xf32> to tensor<10x7xf32>
  %v = tensor.cast %corner : tensor<10x7xf32> to tensor<*xf32>
  call @printMemrefF32(%v) : (tensor<*xf32>) -> ()
  return
}
