// gpu.all_reduce over a block of 40 threads (a full warp and a partial
// one) holding their thread id, with operations and with a region, and
// gpu.subgroup_reduce over clusters of lanes.
func.func @main() {
  %c1 = arith.constant 1 : index
  %c40 = arith.constant 40 : index
  %m = memref.alloc() : memref<6xi32>
  %sg = memref.alloc() : memref<3x32xi32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c40, %sy = %c1, %sz = %c1) {
    %v = arith.index_cast %tx : index to i32
    %add = gpu.all_reduce add %v uniform {} : (i32) -> (i32)
    %max = gpu.all_reduce maxsi %v uniform {} : (i32) -> (i32)
    %min = gpu.all_reduce minui %v uniform {} : (i32) -> (i32)
    %or = gpu.all_reduce or %v {} : (i32) -> (i32)
    %xor = gpu.all_reduce %v {
    ^bb0(%a: i32, %b: i32):
      %x = arith.xori %a, %b : i32
      gpu.yield %x : i32
    } : (i32) -> (i32)
    %f = arith.sitofp %v : i32 to f32
    %fmax = gpu.all_reduce maxnumf %f {} : (f32) -> (f32)
    %fmaxi = arith.fptosi %fmax : f32 to i32
    %c0 = arith.constant 0 : index
    %last = arith.cmpi eq, %tx, %c0 : index
    scf.if %last {
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c5 = arith.constant 5 : index
      memref.store %add, %m[%c0] : memref<6xi32>
      memref.store %max, %m[%c1] : memref<6xi32>
      memref.store %min, %m[%c2] : memref<6xi32>
      memref.store %or, %m[%c3] : memref<6xi32>
      memref.store %xor, %m[%c4] : memref<6xi32>
      memref.store %fmaxi, %m[%c5] : memref<6xi32>
    }
    %c32 = arith.constant 32 : index
    %warp0 = arith.cmpi ult, %tx, %c32 : index
    scf.if %warp0 {
      %s0 = gpu.subgroup_reduce add %v cluster(size = 4) : (i32) -> i32
      %s1 = gpu.subgroup_reduce add %v cluster(size = 4, stride = 8) : (i32) -> i32
      %s2 = gpu.subgroup_reduce add %v : (i32) -> i32
      %c2 = arith.constant 2 : index
      memref.store %s0, %sg[%c0, %tx] : memref<3x32xi32>
      memref.store %s1, %sg[%c1, %tx] : memref<3x32xi32>
      memref.store %s2, %sg[%c2, %tx] : memref<3x32xi32>
    }
    gpu.terminator
  }
  %u = memref.cast %m : memref<6xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  %s = memref.cast %sg : memref<3x32xi32> to memref<*xi32>
  call @printMemrefI32(%s) : (memref<*xi32>) -> ()
  return
}
func.func private @printMemrefI32(memref<*xi32>)
// Over 0..39: sum 780, max 39, min 0, or 63, xor 0 (0 xor ... xor n is 0
// when n % 4 == 3), maxnumf 39.
// CHECK: [780, 39, 0, 63, 0, 39]
// Clusters of 4 consecutive lanes: 0+1+2+3 = 6, 4+..+7 = 22, ...
// CHECK: {{\[\[}}6, 6, 6, 6, 22, 22, 22, 22, 38, 38, 38, 38, 54, 54, 54, 54, 70, 70, 70, 70, 86, 86, 86, 86, 102, 102, 102, 102, 118, 118, 118, 118],
// Clusters of 4 lanes 8 apart: r + (r+8) + (r+16) + (r+24) = 4r + 48, r = lane % 8.
// CHECK-NEXT: [48, 52, 56, 60, 64, 68, 72, 76, 48, 52, 56, 60, 64, 68, 72, 76, 48, 52, 56, 60, 64, 68, 72, 76, 48, 52, 56, 60, 64, 68, 72, 76],
// The whole warp: 0 + ... + 31 = 496.
// CHECK-NEXT: [496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496]]
