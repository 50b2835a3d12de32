func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefI32(tensor<*xi32>)

func.func @main() {
  %a = arith.constant dense<[[1.5, -2.0, 3.25], [0.5, 4.0, -1.0]]> : tensor<2x3xf32>
  %r = arith.constant dense<[2.0, 0.5, -1.5]> : tensor<3xf32>
  %e = tensor.empty() : tensor<2x3xf32>
  %0 = linalg.elementwise kind=#linalg.elementwise_kind<max_signed> indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>] ins(%a, %r : tensor<2x3xf32>, tensor<3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = linalg.elementwise kind=#linalg.elementwise_kind<square> ins(%0 : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = linalg.elementwise kind=#linalg.elementwise_kind<min_signed> ins(%1, %a : tensor<2x3xf32>, tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>

  %u = tensor.cast %2 : tensor<2x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  %ia = arith.constant dense<[[7, -9, 12], [-4, 5, 100]]> : tensor<2x3xi32>
  %ib = arith.constant dense<[[2, 4, -5], [3, -2, 7]]> : tensor<2x3xi32>
  %ie = tensor.empty() : tensor<2x3xi32>
  %i0 = linalg.elementwise kind=#linalg.elementwise_kind<max_unsigned> ins(%ia, %ib : tensor<2x3xi32>, tensor<2x3xi32>) outs(%ie : tensor<2x3xi32>) -> tensor<2x3xi32>
  %i1 = linalg.elementwise kind=#linalg.elementwise_kind<min_unsigned> ins(%i0, %ia : tensor<2x3xi32>, tensor<2x3xi32>) outs(%ie : tensor<2x3xi32>) -> tensor<2x3xi32>
  %i2 = linalg.elementwise kind=#linalg.elementwise_kind<div_unsigned> ins(%i1, %ib : tensor<2x3xi32>, tensor<2x3xi32>) outs(%ie : tensor<2x3xi32>) -> tensor<2x3xi32>
  %ui = tensor.cast %i2 : tensor<2x3xi32> to tensor<*xi32>
  call @printMemrefI32(%ui) : (tensor<*xi32>) -> ()
  return
}
