func.func @f(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = "t.r"(%a) ({
    "t.y"() : () -> ()
  }) {s = "x\\y\nz"} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %1 = "t.n"(%0) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %1 : tensor<4x8xf32>
}
