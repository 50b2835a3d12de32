func.func @f(%t: !async.value<f32>) {
  %x = "async.await"(%t) : (!async.value<f32>) -> i32
  return
}
