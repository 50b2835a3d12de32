// nvgpu.elect.sync elects lane 0 of each warp of a 64-thread block (the
// elected lanes count themselves in an atomic counter), and nvgpu.rcp
// computes reciprocals, with ftz flushing the subnormal input 2^-130 (whose
// reciprocal, 2^130, would be infinite anyway) to zero, giving +inf, and
// the reciprocal of 2^127, the subnormal 2^-127, to zero.
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %count = memref.alloc() : memref<1xi32>
  %who = memref.alloc() : memref<64xi32>
  %z = arith.constant 0 : i32
  memref.store %z, %count[%c0] : memref<1xi32>
  %out = memref.alloc() : memref<2x4xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %e = nvgpu.elect.sync -> i1
    %ei = arith.extui %e : i1 to i32
    memref.store %ei, %who[%tx] : memref<64xi32>
    %one = arith.constant 1 : i32
    scf.if %e {
      %old = memref.atomic_rmw addi %one, %count[%c0] : (i32, memref<1xi32>) -> i32
    }
    %is0 = arith.cmpi eq, %tx, %c0 : index
    scf.if %is0 {
      %v = arith.constant dense<[2.0, -0.5, 0.0, 3.0]> : vector<4xf32>
      %r = nvgpu.rcp %v {rounding = approx, ftz} : vector<4xf32>
      vector.store %r, %out[%c0, %c0] : memref<2x4xf32>, vector<4xf32>
      %w = arith.constant dense<[0x06800000, 0x7F000000, -4.0, 0x00200000]> : vector<4xf32>
      %s = nvgpu.rcp %w {rounding = approx, ftz} : vector<4xf32>
      vector.store %s, %out[%c1, %c0] : memref<2x4xf32>, vector<4xf32>
    }
    gpu.terminator
  }
  %n = memref.load %count[%c0] : memref<1xi32>
  vector.print %n : i32
  %c32 = arith.constant 32 : index
  %w0 = memref.load %who[%c0] : memref<64xi32>
  %w1 = memref.load %who[%c1] : memref<64xi32>
  %w32 = memref.load %who[%c32] : memref<64xi32>
  vector.print %w0 : i32
  vector.print %w1 : i32
  vector.print %w32 : i32
  %u = memref.cast %out : memref<2x4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
func.func private @printMemrefF32(memref<*xf32>)
// Two warps, one elected lane each: lanes 0 and 32.
// CHECK: 2
// CHECK-NEXT: 1
// CHECK-NEXT: 0
// CHECK-NEXT: 1
// 0x06800000 is 2^-114 (reciprocal 2^114 = 2.07692e+34), 0x7F000000 is
// 2^127, 0x00200000 is 2^-130.
// CHECK: {{\[\[}}0.5,   -2,   inf,   0.333333],
// CHECK-NEXT: {{\[}}2.07692e+34,   0,   -0.25,   inf]]
