func.func @f() {
  %t, %v = async.execute -> !async.value<f32> {
    %c = arith.constant 1 : i32
    async.yield %c : i32
  }
  return
}
