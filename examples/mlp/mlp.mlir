// One dense layer of a perceptron: relu(X x W + b), with X 4x8, W 8x6 and
// b 6, on tensors. The inputs are generated from their indices.
//
//   go run ./tools/strata-run -e main -entry-point-result=void examples/mlp/mlp.mlir

#id = affine_map<(d0, d1) -> (d0, d1)>

func.func private @printMemrefF32(tensor<*xf32>)

// iota2d fills a matrix with ((3i + 5j) mod 7 - 3) * scale.
func.func @iota2d(%t: tensor<?x?xf32>, %scale: f32) -> tensor<?x?xf32> {
  %r = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%t : tensor<?x?xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %a = arith.muli %i, %c3 : index
    %b = arith.muli %j, %c5 : index
    %s = arith.addi %a, %b : index
    %m = arith.remui %s, %c7 : index
    %v = arith.subi %m, %c3 : index
    %vi = arith.index_cast %v : index to i32
    %vf = arith.sitofp %vi : i32 to f32
    %x = arith.mulf %vf, %scale : f32
    linalg.yield %x : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// dense_relu is max(X x W + b, 0) with linalg's named operations: the
// product accumulates into zeros, the bias row is broadcast over the
// batch, and the element-wise add and max take it from there (max with a
// scalar operand: element-wise named operations accept scalars).
func.func @dense_relu(%x: tensor<4x8xf32>, %w: tensor<8x6xf32>, %b: tensor<6xf32>) -> tensor<4x6xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x6xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<4x6xf32>) -> tensor<4x6xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<4x8xf32>, tensor<8x6xf32>)
                      outs(%acc : tensor<4x6xf32>) -> tensor<4x6xf32>
  %bias = linalg.broadcast ins(%b : tensor<6xf32>) outs(%e : tensor<4x6xf32>) dimensions = [0]
  %sum = linalg.add ins(%mm, %bias : tensor<4x6xf32>, tensor<4x6xf32>)
                    outs(%e : tensor<4x6xf32>) -> tensor<4x6xf32>
  %relu = linalg.max ins(%sum, %zero : tensor<4x6xf32>, f32)
                     outs(%e : tensor<4x6xf32>) -> tensor<4x6xf32>
  return %relu : tensor<4x6xf32>
}

func.func @main() {
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  %s1 = arith.constant 0.5 : f32
  %s2 = arith.constant 0.25 : f32
  %x0 = tensor.empty(%c4, %c8) : tensor<?x?xf32>
  %xd = call @iota2d(%x0, %s1) : (tensor<?x?xf32>, f32) -> tensor<?x?xf32>
  %x = tensor.cast %xd : tensor<?x?xf32> to tensor<4x8xf32>
  %w0 = tensor.empty(%c8, %c6) : tensor<?x?xf32>
  %wd = call @iota2d(%w0, %s2) : (tensor<?x?xf32>, f32) -> tensor<?x?xf32>
  %w = tensor.cast %wd : tensor<?x?xf32> to tensor<8x6xf32>
  %b = arith.constant dense<[0.5, -0.5, 1.0, -1.0, 0.0, 2.0]> : tensor<6xf32>
  %r = call @dense_relu(%x, %w, %b) : (tensor<4x8xf32>, tensor<8x6xf32>, tensor<6xf32>) -> tensor<4x6xf32>
  %u = tensor.cast %r : tensor<4x6xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
