func.func private @printMemrefF32(tensor<*xf32>)

// Decided bottom-up: the add keeps the tensor.empty's buffer, the fill
// and the matmul get another one, and the matmul's result is still read
// after the add.
func.func @read_after(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>) {
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x4xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %m = linalg.matmul ins(%a, %b : tensor<4x4xf32>, tensor<4x4xf32>) outs(%f : tensor<4x4xf32>) -> tensor<4x4xf32>
  %r = linalg.add ins(%a, %a : tensor<4x4xf32>, tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %r, %m : tensor<4x4xf32>, tensor<4x4xf32>
}

// One buffer for the whole chain, and the bias broadcast after the
// product.
func.func @dense(%x: tensor<4x4xf32>, %w: tensor<4x4xf32>, %b: tensor<4xf32>) -> tensor<4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x4xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<4x4xf32>, tensor<4x4xf32>) outs(%acc : tensor<4x4xf32>) -> tensor<4x4xf32>
  %bias = linalg.broadcast ins(%b : tensor<4xf32>) outs(%e : tensor<4x4xf32>) dimensions = [0]
  %sum = linalg.add ins(%mm, %bias : tensor<4x4xf32>, tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %relu = linalg.max ins(%sum, %zero : tensor<4x4xf32>, f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %relu : tensor<4x4xf32>
}

// Writes into its argument, which its caller reads afterwards.
func.func @bump(%t: tensor<4x4xf32>, %i: index) -> tensor<4x4xf32> {
  %one = arith.constant 1.0 : f32
  %x = tensor.extract %t[%i, %i] : tensor<4x4xf32>
  %y = arith.addf %x, %one : f32
  %r = tensor.insert %y into %t[%i, %i] : tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}

func.func @print(%t: tensor<4x4xf32>) {
  %u = tensor.cast %t : tensor<4x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @main() {
  %c1 = arith.constant 1 : index
  %a = arith.constant dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [-1.0, -2.0, -3.0, -4.0], [0.5, 0.25, 0.0, 1.0]]> : tensor<4x4xf32>
  %b = arith.constant dense<[[1.0, 0.0, 2.0, 0.0], [0.0, 1.0, 0.0, -1.0], [3.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 1.0]]> : tensor<4x4xf32>
  %v = arith.constant dense<[1.0, -2.0, 0.5, -10.0]> : tensor<4xf32>
  %r, %m = call @read_after(%a, %b) : (tensor<4x4xf32>, tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>)
  call @print(%r) : (tensor<4x4xf32>) -> ()
  call @print(%m) : (tensor<4x4xf32>) -> ()
  %d = call @dense(%a, %b, %v) : (tensor<4x4xf32>, tensor<4x4xf32>, tensor<4xf32>) -> tensor<4x4xf32>
  call @print(%d) : (tensor<4x4xf32>) -> ()
  %e = tensor.empty() : tensor<4x4xf32>
  %f = linalg.copy ins(%a : tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %g = call @bump(%f, %c1) : (tensor<4x4xf32>, index) -> tensor<4x4xf32>
  call @print(%f) : (tensor<4x4xf32>) -> ()
  call @print(%g) : (tensor<4x4xf32>) -> ()
  return
}
