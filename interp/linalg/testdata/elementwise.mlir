func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefI32(tensor<*xi32>)

func.func @main() {
  %a = arith.constant dense<[[1.5, -2.0, 3.25], [0.5, 4.0, -1.0]]> : tensor<2x3xf32>
  %b = arith.constant dense<[[2.0, 0.5, -1.5], [3.0, -2.5, 1.0]]> : tensor<2x3xf32>
  %c = arith.constant dense<[[true, false, true], [false, true, false]]> : tensor<2x3xi1>
  %e = tensor.empty() : tensor<2x3xf32>
  %s = arith.constant 0.75 : f32
  %0 = linalg.add ins(%a, %b : tensor<2x3xf32>, tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = linalg.sub ins(%0, %b : tensor<2x3xf32>, tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = linalg.mul ins(%1, %s : tensor<2x3xf32>, f32) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %3 = linalg.div ins(%2, %b : tensor<2x3xf32>, tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %4 = linalg.max ins(%3, %a : tensor<2x3xf32>, tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %5 = linalg.min ins(%4, %b : tensor<2x3xf32>, tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %6 = linalg.abs ins(%5 : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %7 = linalg.exp ins(%6 : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %8 = linalg.log ins(%7 : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %9 = linalg.sqrt ins(%8 : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %10 = linalg.rsqrt ins(%9 : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %11 = linalg.reciprocal ins(%10 : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %12 = linalg.square ins(%11 : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %13 = linalg.negf ins(%12 : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %14 = linalg.tanh ins(%13 : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %15 = linalg.erf ins(%a : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %16 = linalg.ceil ins(%a : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %17 = linalg.floor ins(%a : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %18 = linalg.round ins(%a : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %19 = linalg.powf ins(%6, %b : tensor<2x3xf32>, tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %20 = linalg.select ins(%c, %14, %19 : tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %u0 = tensor.cast %14 : tensor<2x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u0) : (tensor<*xf32>) -> ()
  %u1 = tensor.cast %15 : tensor<2x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
  %u2 = tensor.cast %16 : tensor<2x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()
  %u3 = tensor.cast %17 : tensor<2x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u3) : (tensor<*xf32>) -> ()
  %u4 = tensor.cast %18 : tensor<2x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u4) : (tensor<*xf32>) -> ()
  %u5 = tensor.cast %20 : tensor<2x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u5) : (tensor<*xf32>) -> ()

  %ia = arith.constant dense<[[7, -9, 12], [-4, 5, 100]]> : tensor<2x3xi32>
  %ib = arith.constant dense<[[2, 4, -5], [3, -2, 7]]> : tensor<2x3xi32>
  %ie = tensor.empty() : tensor<2x3xi32>
  %i0 = linalg.div ins(%ia, %ib : tensor<2x3xi32>, tensor<2x3xi32>) outs(%ie : tensor<2x3xi32>) -> tensor<2x3xi32>
  %i1 = linalg.div_unsigned ins(%ia, %ib : tensor<2x3xi32>, tensor<2x3xi32>) outs(%ie : tensor<2x3xi32>) -> tensor<2x3xi32>
  %i2 = linalg.max ins(%i0, %i1 : tensor<2x3xi32>, tensor<2x3xi32>) outs(%ie : tensor<2x3xi32>) -> tensor<2x3xi32>
  %i3 = linalg.min ins(%i2, %ia : tensor<2x3xi32>, tensor<2x3xi32>) outs(%ie : tensor<2x3xi32>) -> tensor<2x3xi32>
  %ui0 = tensor.cast %i1 : tensor<2x3xi32> to tensor<*xi32>
  call @printMemrefI32(%ui0) : (tensor<*xi32>) -> ()
  %ui1 = tensor.cast %i3 : tensor<2x3xi32> to tensor<*xi32>
  call @printMemrefI32(%ui1) : (tensor<*xi32>) -> ()
  return
}
