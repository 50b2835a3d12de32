// Softmax over the rows of a 3x5 matrix with linalg.softmax, printed
// through MLIR's runner utilities.
//
//   go run ./tools/strata-run -e main -entry-point-result=void examples/softmax/softmax.mlir

func.func private @printMemrefF32(tensor<*xf32>)

func.func @softmax(%x: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %init = tensor.empty() : tensor<3x5xf32>
  %r = linalg.softmax dimension(1) ins(%x : tensor<3x5xf32>) outs(%init : tensor<3x5xf32>) -> tensor<3x5xf32>
  return %r : tensor<3x5xf32>
}

func.func @main() {
  %x = arith.constant dense<[[1.0, 2.0, 3.0, 4.0, 5.0],
                             [-1.0, 0.0, 1.0, 0.0, -1.0],
                             [10.0, 10.0, 10.0, 10.0, 30.0]]> : tensor<3x5xf32>
  %r = call @softmax(%x) : (tensor<3x5xf32>) -> tensor<3x5xf32>
  %u = tensor.cast %r : tensor<3x5xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
