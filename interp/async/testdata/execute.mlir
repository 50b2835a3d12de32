// A fork and a join of async.execute regions passing values, a group and
// awaits: (3 + 3) and (3 * 3) summed is 15.
func.func @main() {
  %c3 = arith.constant 3.0 : f32
  %c2 = arith.constant 2 : index
  %t0, %v0 = async.execute -> !async.value<f32> {
    async.yield %c3 : f32
  }
  %t1, %v1 = async.execute [%t0] (%v0 as %x: !async.value<f32>) -> !async.value<f32> {
    %s = arith.addf %x, %x : f32
    async.yield %s : f32
  }
  %t2, %v2 = async.execute [%t0] (%v0 as %x: !async.value<f32>) -> !async.value<f32> {
    %p = arith.mulf %x, %x : f32
    async.yield %p : f32
  }
  %t3, %v3 = async.execute [%t1, %t2] (%v1 as %a: !async.value<f32>, %v2 as %b: !async.value<f32>) -> !async.value<f32> {
    %sum = arith.addf %a, %b : f32
    async.yield %sum : f32
  }
  %g = async.create_group %c2 : !async.group
  %r0 = async.add_to_group %t1, %g : !async.token
  %r1 = async.add_to_group %v3, %g : !async.value<f32>
  async.await_all %g
  async.await %t3 : !async.token
  %r = async.await %v3 : !async.value<f32>
  vector.print %r : f32
  %ri = arith.index_cast %r1 : index to i64
  vector.print %ri : i64
  return
}

// CHECK: 15
// CHECK-NEXT: 1
