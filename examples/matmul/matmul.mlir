// A matrix product on tensors: C = A x B with A 4x3 and B 3x5, printed
// through MLIR's runner utilities.
//
//   go run ./tools/strata-run -e main -entry-point-result=void examples/matmul/matmul.mlir

func.func private @printMemrefF32(tensor<*xf32>)

func.func @matmul(%a: tensor<4x3xf32>, %b: tensor<3x5xf32>) -> tensor<4x5xf32> {
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<4x5xf32>
  %c = linalg.fill ins(%zero : f32) outs(%init : tensor<4x5xf32>) -> tensor<4x5xf32>
  %r = linalg.matmul ins(%a, %b : tensor<4x3xf32>, tensor<3x5xf32>)
                     outs(%c : tensor<4x5xf32>) -> tensor<4x5xf32>
  return %r : tensor<4x5xf32>
}

func.func @main() {
  %a = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0],
                             [7.0, 8.0, 9.0], [10.0, 11.0, 12.0]]> : tensor<4x3xf32>
  %b = arith.constant dense<[[1.0, 0.5, -1.0, 2.0, 0.0],
                             [0.0, 1.0, 1.5, -2.0, 1.0],
                             [2.0, -0.5, 0.25, 1.0, 3.0]]> : tensor<3x5xf32>
  %r = call @matmul(%a, %b) : (tensor<4x3xf32>, tensor<3x5xf32>) -> tensor<4x5xf32>
  %u = tensor.cast %r : tensor<4x5xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
