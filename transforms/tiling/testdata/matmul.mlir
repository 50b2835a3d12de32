// A matrix product on tensors, C = A x B + C0 with A 4x6 and B 6x8, printed
// through MLIR's runner utilities; linalg-tile{tile-sizes=3,5,4} tiles it
// into partial tiles.

func.func private @printMemrefF32(tensor<*xf32>)

func.func @matmul(%a: tensor<4x6xf32>, %b: tensor<6x8xf32>, %c: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<4x6xf32>, tensor<6x8xf32>)
                     outs(%c : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

func.func @main() {
  %a = arith.constant dense<[[1.0, 2.0, 3.0, 4.0, 5.0, 6.0],
                             [-1.0, 0.5, 0.0, 2.0, -3.0, 1.0],
                             [7.0, 8.0, 9.0, 10.0, 11.0, 12.0],
                             [0.25, -0.5, 1.5, -2.0, 0.0, 3.0]]> : tensor<4x6xf32>
  %b = arith.constant dense<[[1.0, 0.5, -1.0, 2.0, 0.0, 1.0, 2.0, 3.0],
                             [0.0, 1.0, 1.5, -2.0, 1.0, -1.0, 0.5, 0.0],
                             [2.0, -0.5, 0.25, 1.0, 3.0, 0.0, 1.0, -1.0],
                             [1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0],
                             [-2.0, 0.0, 2.0, 0.0, -2.0, 0.0, 2.0, 0.0],
                             [0.5, 0.25, 0.125, 4.0, 8.0, -1.0, -0.5, 6.0]]> : tensor<6x8xf32>
  %c = arith.constant dense<1.0> : tensor<4x8xf32>
  %r = call @matmul(%a, %b, %c) : (tensor<4x6xf32>, tensor<6x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %u = tensor.cast %r : tensor<4x8xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
