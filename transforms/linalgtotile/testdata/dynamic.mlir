// A 37x70 by 70x130 GEMM and a row softmax on tensors of dynamic shape:
// grid sizes from tensor.dim, the softmax walking blocks of columns.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func private @printMemrefF32(tensor<*xf32>)
func.func @ramp(%t: tensor<?x?xf32>, %s: f32) -> tensor<?x?xf32> {
  %r = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%t : tensor<?x?xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c7 = arith.constant 7 : index
    %a = arith.addi %i, %j : index
    %b = arith.muli %a, %c7 : index
    %c11 = arith.constant 11 : index
    %m = arith.remui %b, %c11 : index
    %v = arith.index_cast %m : index to i32
    %f = arith.sitofp %v : i32 to f32
    %x = arith.mulf %f, %s : f32
    linalg.yield %x : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
func.func @f(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xf32>
  %n = tensor.dim %b, %c1 : tensor<?x?xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %acc = linalg.fill ins(%z : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %p = linalg.matmul ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>) outs(%acc : tensor<?x?xf32>) -> tensor<?x?xf32>
  %s = linalg.softmax dimension(1) ins(%p : tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %s : tensor<?x?xf32>
}
func.func @main() {
  %c70 = arith.constant 70 : index
  %c37 = arith.constant 37 : index
  %c130 = arith.constant 130 : index
  %s1 = arith.constant 0.01 : f32
  %s2 = arith.constant 0.02 : f32
  %a0 = tensor.empty(%c37, %c70) : tensor<?x?xf32>
  %a = call @ramp(%a0, %s1) : (tensor<?x?xf32>, f32) -> tensor<?x?xf32>
  %b0 = tensor.empty(%c70, %c130) : tensor<?x?xf32>
  %b = call @ramp(%b0, %s2) : (tensor<?x?xf32>, f32) -> tensor<?x?xf32>
  %r = call @f(%a, %b) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %u = tensor.cast %r : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
