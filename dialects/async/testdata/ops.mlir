func.func @ops(%x: f32, %i: index) -> f32 {
  %t0 = async.execute {
    async.yield
  }
  %t1, %v1 = async.execute [%t0] -> !async.value<f32> {
    %y = arith.addf %x, %x : f32
    async.yield %y : f32
  }
  %t2, %v2:2 = async.execute [%t0, %t1] (%v1 as %a: !async.value<f32>) -> (!async.value<f32>, !async.value<index>) attributes {note = "two"} {
    %z = arith.mulf %a, %a : f32
    async.yield %z, %i : f32, index
  }
  %g = async.create_group %i : !async.group
  %r0 = async.add_to_group %t2, %g : !async.token
  %r1 = async.add_to_group %v1, %g : !async.value<f32>
  async.await_all %g
  async.await %t2 : !async.token
  %w = async.await %v2#0 : !async.value<f32>
  return %w : f32
}
