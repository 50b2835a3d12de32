// tile.cat, tile.join and batched tile.dot, on small tiles whose results
// are checked.

tile.func @k(%o: memref<8x8xf32>, %oi: memref<1x8xi32>) grid [parallel] {
  %O = tile.view %o : memref<8x8xf32> -> !tile.view<8x8xf32>
  %OI = tile.view %oi : memref<1x8xi32> -> !tile.view<1x8xi32>
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  // x = [[0 1 2 3] [4 5 6 7]]
  %i8 = tile.iota : tensor<8xi32>
  %x8 = tile.cast %i8 : tensor<8xi32> -> tensor<8xf32>
  %x = tile.reshape %x8 : tensor<8xf32> -> tensor<2x4xf32>
  // rows 0-3: x on top of x + 10.
  %ten = arith.constant dense<10.0> : tensor<2x4xf32>
  %y = arith.addf %x, %ten : tensor<2x4xf32>
  %cat = tile.cat %x, %y : tensor<2x4xf32> -> tensor<4x4xf32>
  tile.store %cat, %O at [%c0, %c0] : tensor<4x4xf32>, !tile.view<8x8xf32>
  // rows 4-5: x and x + 10 interleaved.
  %j = tile.join %x, %y : tensor<2x4xf32> -> tensor<2x4x2xf32>
  %j2 = tile.reshape %j : tensor<2x4x2xf32> -> tensor<2x8xf32>
  tile.store %j2, %O at [%c4, %c0] : tensor<2x8xf32>, !tile.view<8x8xf32>
  // row 6: a = [[[0 1] [2 3]] [[4 5] [6 7]]], a·a + 1 per batch.
  %a = tile.reshape %x8 : tensor<8xf32> -> tensor<2x2x2xf32>
  %one = arith.constant dense<1.0> : tensor<2x2x2xf32>
  %d = tile.dot %a, %a, %one : tensor<2x2x2xf32>, tensor<2x2x2xf32> -> tensor<2x2x2xf32>
  %d8 = tile.reshape %d : tensor<2x2x2xf32> -> tensor<1x8xf32>
  tile.store %d8, %O at [%c6, %c0] : tensor<1x8xf32>, !tile.view<8x8xf32>
  // row 7: a·a with bf16 inputs, its batches side by side.
  %ab = tile.cast %a : tensor<2x2x2xf32> -> tensor<2x2x2xbf16>
  %z = arith.constant dense<0.0> : tensor<2x2x2xf32>
  %e = tile.dot %ab, %ab, %z : tensor<2x2x2xbf16>, tensor<2x2x2xbf16> -> tensor<2x2x2xf32>
  %e0 = tile.reshape %e : tensor<2x2x2xf32> -> tensor<2x4xf32>
  %et = tile.transpose %e0 [1, 0] : tensor<2x4xf32> -> tensor<4x2xf32>
  %e8 = tile.reshape %et : tensor<4x2xf32> -> tensor<1x8xf32>
  tile.store %e8, %O at [%c7, %c0] : tensor<1x8xf32>, !tile.view<8x8xf32>
  // integers: i8 inputs, i32 accumulator.
  %ai = tile.cast %i8 : tensor<8xi32> -> tensor<8xi8>
  %a3 = tile.reshape %ai : tensor<8xi8> -> tensor<2x2x2xi8>
  %zi = arith.constant dense<0> : tensor<2x2x2xi32>
  %di = tile.dot %a3, %a3, %zi : tensor<2x2x2xi8>, tensor<2x2x2xi8> -> tensor<2x2x2xi32>
  %di8 = tile.reshape %di : tensor<2x2x2xi32> -> tensor<1x8xi32>
  tile.store %di8, %OI[%c0, %c0] : tensor<1x8xi32>, !tile.view<1x8xi32>
  tile.return
}

func.func @main() {
  %o = memref.alloc() : memref<8x8xf32>
  %oi = memref.alloc() : memref<1x8xi32>
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%o : memref<8x8xf32>)
  %c1 = arith.constant 1 : index
  tile.launch @k grid [%c1] (%o, %oi) : memref<8x8xf32>, memref<1x8xi32>
  %u = memref.cast %o : memref<8x8xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %v = memref.cast %oi : memref<1x8xi32> to memref<*xi32>
  call @printMemrefI32(%v) : (memref<*xi32>) -> ()
  memref.dealloc %o : memref<8x8xf32>
  memref.dealloc %oi : memref<1x8xi32>
  return
}

func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI32(memref<*xi32>)

// CHECK: sizes = [8, 8]
// CHECK-NEXT: {{\[\[}}0,   1,   2,   3,   0,   0,   0,   0],
// CHECK-NEXT: [4,   5,   6,   7,   0,   0,   0,   0],
// CHECK-NEXT: [10,   11,   12,   13,   0,   0,   0,   0],
// CHECK-NEXT: [14,   15,   16,   17,   0,   0,   0,   0],
// CHECK-NEXT: [0,   10,   1,   11,   2,   12,   3,   13],
// CHECK-NEXT: [4,   14,   5,   15,   6,   16,   7,   17],
// CHECK-NEXT: [3,   4,   7,   12,   47,   56,   67,   80],
// CHECK-NEXT: [2,   46,   3,   55,   6,   66,   11,   79]]
// CHECK: sizes = [1, 8]
// CHECK-NEXT: {{\[\[}}2,   3,   6,   11,   46,   55,   66,   79]]
