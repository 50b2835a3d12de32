// gpu.shuffle in its four modes on a warp of 32 lanes holding their lane
// id; an invalid shuffle stores -1.
func.func @main() {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %m = memref.alloc() : memref<5x32xi32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %v = arith.index_cast %tx : index to i32
    %m1 = arith.constant -1 : i32
    %w32 = arith.constant 32 : i32
    %w16 = arith.constant 16 : i32
    %o1 = arith.constant 1 : i32
    %o2 = arith.constant 2 : i32
    %o3 = arith.constant 3 : i32
    %o5 = arith.constant 5 : i32
    %o8 = arith.constant 8 : i32
    %r0, %ok0 = gpu.shuffle xor %v, %o1, %w32 : i32
    %r1, %ok1 = gpu.shuffle down %v, %o3, %w32 : i32
    %r2, %ok2 = gpu.shuffle up %v, %o2, %w32 : i32
    %r3, %ok3 = gpu.shuffle idx %v, %o5, %w32 : i32
    %r4, %ok4 = gpu.shuffle xor %v, %o8, %w16 : i32
    %s0 = arith.select %ok0, %r0, %m1 : i32
    %s1 = arith.select %ok1, %r1, %m1 : i32
    %s2 = arith.select %ok2, %r2, %m1 : i32
    %s3 = arith.select %ok3, %r3, %m1 : i32
    %s4 = arith.select %ok4, %r4, %m1 : i32
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    memref.store %s0, %m[%c0, %tx] : memref<5x32xi32>
    memref.store %s1, %m[%c1, %tx] : memref<5x32xi32>
    memref.store %s2, %m[%c2, %tx] : memref<5x32xi32>
    memref.store %s3, %m[%c3, %tx] : memref<5x32xi32>
    memref.store %s4, %m[%c4, %tx] : memref<5x32xi32>
    gpu.terminator
  }
  %u = memref.cast %m : memref<5x32xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  return
}
func.func private @printMemrefI32(memref<*xi32>)
// xor 1: neighbours swap.
// CHECK: {{\[\[}}1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14, 17, 16, 19, 18, 21, 20, 23, 22, 25, 24, 27, 26, 29, 28, 31, 30],
// down 3: the last three lanes read past the warp.
// CHECK-NEXT: [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, -1, -1, -1],
// up 2: the first two lanes read before it.
// CHECK-NEXT: [-1, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29],
// idx 5: every lane reads lane 5.
// CHECK-NEXT: [5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5],
// xor 8 with width 16: lanes 16 and above read outside the width.
// CHECK-NEXT: [8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1]]
