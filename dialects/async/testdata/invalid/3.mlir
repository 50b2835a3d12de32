func.func @f(%v: !async.value<f32>) {
  %t = "async.execute"(%v) <{operandSegmentSizes = array<i32: 0, 1>}> ({
  ^bb0(%a: i32):
    "async.yield"() : () -> ()
  }) : (!async.value<f32>) -> !async.token
  return
}
