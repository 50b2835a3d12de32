func.func private @printMemrefF32(tensor<*xf32>)

func.func @main() {
  %c1 = arith.constant 1 : index
  %a = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %p = tensor.pad %a low[1, %c1] high[0, 2] {
  ^bb0(%i: index, %j: index):
    %s = arith.addi %i, %j : index
    %t = arith.index_cast %s : index to i32
    %f = arith.sitofp %t : i32 to f32
    %n = arith.negf %f : f32
    tensor.yield %n : f32
  } : tensor<2x2xf32> to tensor<3x5xf32>
  %u = tensor.cast %p : tensor<3x5xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
