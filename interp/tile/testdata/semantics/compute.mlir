// Reductions, scans, shape operations, gathers and scatters, and dots of
// every accumulator kind, on small tiles whose results are checked.

tile.func @k(%o: memref<8x8xf32>, %oi: memref<4x8xi32>, %sc: f32, %at: index) grid [parallel] {
  %O = tile.view %o : memref<8x8xf32> -> !tile.view<8x8xf32>
  %OI = tile.view %oi : memref<4x8xi32> -> !tile.view<4x8xi32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  // x = [[0 1 2 3] [4 5 6 7]] as f32
  %i8 = tile.iota : tensor<8xi32>
  %x8 = tile.cast %i8 : tensor<8xi32> -> tensor<8xf32>
  %x = tile.reshape %x8 : tensor<8xf32> -> tensor<2x4xf32>
  // row 0: inclusive scan along dim 1, then its reverse.
  %s = tile.scan sum %x dim 1 : tensor<2x4xf32> -> tensor<2x4xf32>
  %sr = tile.scan sum %x dim 1 reverse : tensor<2x4xf32> -> tensor<2x4xf32>
  %ss = tile.reshape %s : tensor<2x4xf32> -> tensor<1x8xf32>
  %ssr = tile.reshape %sr : tensor<2x4xf32> -> tensor<1x8xf32>
  tile.store %ss, %O[%c0, %c0] : tensor<1x8xf32>, !tile.view<8x8xf32>
  tile.store %ssr, %O[%c1, %c0] : tensor<1x8xf32>, !tile.view<8x8xf32>
  // row 2: transpose (4x2 flattened).
  %t = tile.transpose %x [1, 0] : tensor<2x4xf32> -> tensor<4x2xf32>
  %tt = tile.reshape %t : tensor<4x2xf32> -> tensor<1x8xf32>
  tile.store %tt, %O[%c2, %c0] : tensor<1x8xf32>, !tile.view<8x8xf32>
  // row 3: reductions along dim 0: prod, min; along dim 1: a region (max
  // of absolute values, after negation), max.
  %p = tile.reduce prod %x dim 0 : tensor<2x4xf32> -> tensor<4xf32>
  %n = tile.reduce min %x dim 0 : tensor<2x4xf32> -> tensor<4xf32>
  %neg = arith.negf %x : tensor<2x4xf32>
  %r = tile.reduce %neg dim 1 combine {
  ^bb0(%a: f32, %b: f32):
    %aa = math.absf %a : f32
    %ab = math.absf %b : f32
    %m = arith.maximumf %aa, %ab : f32
    tile.yield %m : f32
  } : tensor<2x4xf32> -> tensor<2xf32>
  %mx = tile.reduce max %x dim 1 : tensor<2x4xf32> -> tensor<2xf32>
  %pn = tile.reshape %p : tensor<4xf32> -> tensor<1x4xf32>
  %nn = tile.reshape %n : tensor<4xf32> -> tensor<1x4xf32>
  %r4 = tile.reshape %r : tensor<2xf32> -> tensor<1x2xf32>
  %m4 = tile.reshape %mx : tensor<2xf32> -> tensor<1x2xf32>
  tile.store %pn, %O at [%c3, %c0] : tensor<1x4xf32>, !tile.view<8x8xf32>
  tile.store %r4, %O at [%c3, %c4] : tensor<1x2xf32>, !tile.view<8x8xf32>
  tile.store %m4, %O at [%c3, %c6] : tensor<1x2xf32>, !tile.view<8x8xf32>
  // row 4: min, then the scalar argument at the index argument.
  tile.store %nn, %O at [%c4, %c0] : tensor<1x4xf32>, !tile.view<8x8xf32>
  %scs = tile.splat %sc : f32 -> tensor<1x2xf32>
  tile.store %scs, %O at [%c4, %at] : tensor<1x2xf32>, !tile.view<8x8xf32>
  // row 5: gather x's transpose from the view (rows 0..1 of O hold the
  // scans), i.e. O[j % 2][j / 2] for j = 0..7.
  %j = tile.iota : tensor<8xindex>
  %twos = tile.splat %c2 : index -> tensor<8xindex>
  %rows = arith.remui %j, %twos : tensor<8xindex>
  %cols = arith.divui %j, %twos : tensor<8xindex>
  %g = tile.gather %O[%rows, %cols] : !tile.view<8x8xf32>, tensor<8xindex> -> tensor<8xf32>
  %gg = tile.expand_dims %g dim 0 : tensor<8xf32> -> tensor<1x8xf32>
  tile.store %gg, %O[%c5, %c0] : tensor<1x8xf32>, !tile.view<8x8xf32>
  // row 6: scatter 100+j at (6, 7 - j), j = 0..7, with j = 3 masked off.
  %sevens = tile.splat %c7 : index -> tensor<8xindex>
  %six = tile.splat %c6 : index -> tensor<8xindex>
  %rc = arith.subi %sevens, %j : tensor<8xindex>
  %three = tile.splat %c3 : index -> tensor<8xindex>
  %keep = arith.cmpi ne, %j, %three : tensor<8xindex>
  %hund = arith.constant dense<100.0> : tensor<8xf32>
  %v = arith.addf %x8, %hund : tensor<8xf32>
  tile.scatter %v, %O[%six, %rc] mask %keep : tensor<8xf32>, !tile.view<8x8xf32>, tensor<8xindex>
  // row 7: a 1x2 = (1x3)(3x2) f16 dot with an f16 accumulator
  // (2049 + 1 rounds to 2048 at each step), a tf32 dot, an f8 dot.
  %big = arith.constant dense<2048.0> : tensor<1x2xf16>
  %ones = arith.constant dense<1.0> : tensor<1x3xf16>
  %onesb = arith.constant dense<1.0> : tensor<3x2xf16>
  %d16 = tile.dot %ones, %onesb, %big : tensor<1x3xf16>, tensor<3x2xf16> -> tensor<1x2xf16>
  %d16f = tile.cast %d16 : tensor<1x2xf16> -> tensor<1x2xf32>
  tile.store %d16f, %O at [%c7, %c0] : tensor<1x2xf32>, !tile.view<8x8xf32>
  // 1 + 2^-12 is 1 in tf32: precision tf32 gives 1, ieee 1.00024.
  %fine = arith.constant dense<1.000244140625> : tensor<1x1xf32>
  %one = arith.constant dense<1.0> : tensor<1x1xf32>
  %z1 = arith.constant dense<0.0> : tensor<1x1xf32>
  %dt = tile.dot %fine, %one, %z1 precision tf32 : tensor<1x1xf32>, tensor<1x1xf32> -> tensor<1x1xf32>
  %di = tile.dot %fine, %one, %z1 : tensor<1x1xf32>, tensor<1x1xf32> -> tensor<1x1xf32>
  tile.store %dt, %O at [%c7, %c2] : tensor<1x1xf32>, !tile.view<8x8xf32>
  tile.store %di, %O at [%c7, %c3] : tensor<1x1xf32>, !tile.view<8x8xf32>
  %e4 = arith.constant dense<1.5> : tensor<1x2xf8E4M3FN>
  %e5 = arith.constant dense<-3.0> : tensor<2x1xf8E5M2>
  %d8 = tile.dot %e4, %e5, %z1 : tensor<1x2xf8E4M3FN>, tensor<2x1xf8E5M2> -> tensor<1x1xf32>
  tile.store %d8, %O at [%c7, %c4] : tensor<1x1xf32>, !tile.view<8x8xf32>
  // integers: an i8 dot with an i32 accumulator (127 * 127 * 2 + 5),
  // iota broadcast, and an integer atomic add of two programs.
  %a8 = arith.constant dense<127> : tensor<1x2xi8>
  %b8 = arith.constant dense<127> : tensor<2x8xi8>
  %acc = arith.constant dense<5> : tensor<1x8xi32>
  %di8 = tile.dot %a8, %b8, %acc : tensor<1x2xi8>, tensor<2x8xi8> -> tensor<1x8xi32>
  tile.store %di8, %OI[%c0, %c0] : tensor<1x8xi32>, !tile.view<4x8xi32>
  %col = tile.expand_dims %i8 dim 0 : tensor<8xi32> -> tensor<1x8xi32>
  %bc = tile.broadcast %col : tensor<1x8xi32> -> tensor<2x8xi32>
  tile.store %bc, %OI at [%c1, %c0] : tensor<2x8xi32>, !tile.view<4x8xi32>
  %pid = tile.program_id 0 : i32
  %ps = tile.splat %pid : i32 -> tensor<1x8xi32>
  tile.atomic_add %ps, %OI[%c3, %c0] : tensor<1x8xi32>, !tile.view<4x8xi32>
  tile.return
}

func.func @main() {
  %o = memref.alloc() : memref<8x8xf32>
  %oi = memref.alloc() : memref<4x8xi32>
  %z = arith.constant 0.0 : f32
  %zi = arith.constant 0 : i32
  linalg.fill ins(%z : f32) outs(%o : memref<8x8xf32>)
  linalg.fill ins(%zi : i32) outs(%oi : memref<4x8xi32>)
  %c3 = arith.constant 3 : index
  %sc = arith.constant 9.5 : f32
  %at = arith.constant 5 : index
  tile.launch @k grid [%c3] (%o, %oi, %sc, %at) : memref<8x8xf32>, memref<4x8xi32>, f32, index
  %u = memref.cast %o : memref<8x8xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %v = memref.cast %oi : memref<4x8xi32> to memref<*xi32>
  call @printMemrefI32(%v) : (memref<*xi32>) -> ()
  memref.dealloc %o : memref<8x8xf32>
  memref.dealloc %oi : memref<4x8xi32>
  return
}

func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI32(memref<*xi32>)

// CHECK: sizes = [8, 8]
// CHECK-NEXT: {{\[\[}}0,   1,   3,   6,   4,   9,   15,   22],
// CHECK-NEXT: [6,   6,   5,   3,   22,   18,   13,   7],
// CHECK-NEXT: [0,   4,   1,   5,   2,   6,   3,   7],
// CHECK-NEXT: [0,   5,   12,   21,   3,   7,   3,   7],
// CHECK-NEXT: [0,   1,   2,   3,   0,   9.5,   9.5,   0],
// CHECK-NEXT: [0,   6,   1,   6,   3,   5,   6,   3],
// CHECK-NEXT: [107,   106,   105,   104,   0,   102,   101,   100],
// CHECK-NEXT: [2048,   2048,   1,   1.00024,   -9,   0,   0,   0]]
// CHECK: sizes = [4, 8]
// CHECK-NEXT: {{\[\[}}32263,   32263,   32263,   32263,   32263,   32263,   32263,   32263],
// CHECK-NEXT: [0,   1,   2,   3,   4,   5,   6,   7],
// CHECK-NEXT: [0,   1,   2,   3,   4,   5,   6,   7],
// CHECK-NEXT: [3,   3,   3,   3,   3,   3,   3,   3]]
