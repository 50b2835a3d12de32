func.func @f(%t: !async.token) {
  %x = "async.await"(%t) : (!async.token) -> f32
  return
}
