func.func @f(%a: tensor<4x8xf32>) -> i32 {
  %0:2 = "t.two"(%a) {d = {x = 1, y = "a\\b|c{}"}, arr = [1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17], big = dense<[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17]> : tensor<17xi32>, sp = dense<1.0> : tensor<100xf32>} : (tensor<4x8xf32>) -> (i32, i32)
  %1 = "t.use"(%0#0, %0#1, %0#0) : (i32, i32, i32) -> i32
  cf.br ^bb1(%1 : i32)
^bb1(%x: i32):
  return %x : i32
}
