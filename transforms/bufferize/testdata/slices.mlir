func.func private @printMemrefF32(tensor<*xf32>)

func.func @main() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %x = arith.constant 3.0 : f32
  %a = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]]> : tensor<3x3xf32>
  %e = tensor.empty() : tensor<3x3xf32>
  %z = linalg.fill ins(%x : f32) outs(%e : tensor<3x3xf32>) -> tensor<3x3xf32>
  %s = tensor.extract_slice %a[1, %c1] [2, 2] [1, 1] : tensor<3x3xf32> to tensor<2x2xf32>
  %r = tensor.extract_slice %a[%c2, 0] [1, 3] [1, 1] : tensor<3x3xf32> to tensor<3xf32>
  %i = tensor.insert_slice %s into %z[0, 0] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<3x3xf32>
  %j = tensor.insert_slice %r into %i[%c1, 0] [1, 3] [1, 1] : tensor<3xf32> into tensor<3x3xf32>
  %u = tensor.cast %j : tensor<3x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  %w = tensor.cast %s : tensor<2x2xf32> to tensor<*xf32>
  call @printMemrefF32(%w) : (tensor<*xf32>) -> ()
  return
}
