// Loads of a 4-element block from 3-element views: the element out of the
// view takes the pad value; a masked-off element too. neg_inf in
// f8E4M3FN, which has no infinities, is its most negative value, -448.

tile.func @pads(%x: memref<3xf32>, %h: memref<3xf8E4M3FN>, %i: memref<3xi32>, %o: memref<6x4xf32>, %oi: memref<2x4xi32>) grid [parallel] {
  %X = tile.view %x : memref<3xf32> -> !tile.view<3xf32>
  %H = tile.view %h : memref<3xf8E4M3FN> -> !tile.view<3xf8E4M3FN>
  %I = tile.view %i : memref<3xi32> -> !tile.view<3xi32>
  %O = tile.view %o : memref<6x4xf32> -> !tile.view<6x4xf32>
  %OI = tile.view %oi : memref<2x4xi32> -> !tile.view<2x4xi32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %a = tile.load %X[%c0] pad zero : !tile.view<3xf32> -> tensor<4xf32>
  %b = tile.load %X[%c0] pad neg_inf : !tile.view<3xf32> -> tensor<4xf32>
  %c = tile.load %X[%c0] pad pos_inf : !tile.view<3xf32> -> tensor<4xf32>
  %d = tile.load %X[%c0] pad nan : !tile.view<3xf32> -> tensor<4xf32>
  %e = tile.load %X at [%c1] pad 2.5 : !tile.view<3xf32> -> tensor<4xf32>
  %f = tile.load %H[%c0] pad neg_inf : !tile.view<3xf8E4M3FN> -> tensor<4xf8E4M3FN>
  %g = tile.cast %f : tensor<4xf8E4M3FN> -> tensor<4xf32>
  %a2 = tile.expand_dims %a dim 0 : tensor<4xf32> -> tensor<1x4xf32>
  %b2 = tile.expand_dims %b dim 0 : tensor<4xf32> -> tensor<1x4xf32>
  %c2_ = tile.expand_dims %c dim 0 : tensor<4xf32> -> tensor<1x4xf32>
  %d2 = tile.expand_dims %d dim 0 : tensor<4xf32> -> tensor<1x4xf32>
  %e2 = tile.expand_dims %e dim 0 : tensor<4xf32> -> tensor<1x4xf32>
  %g2 = tile.expand_dims %g dim 0 : tensor<4xf32> -> tensor<1x4xf32>
  tile.store %a2, %O[%c0, %c0] : tensor<1x4xf32>, !tile.view<6x4xf32>
  tile.store %b2, %O[%c1, %c0] : tensor<1x4xf32>, !tile.view<6x4xf32>
  tile.store %c2_, %O[%c2, %c0] : tensor<1x4xf32>, !tile.view<6x4xf32>
  tile.store %d2, %O[%c3, %c0] : tensor<1x4xf32>, !tile.view<6x4xf32>
  tile.store %e2, %O[%c4, %c0] : tensor<1x4xf32>, !tile.view<6x4xf32>
  tile.store %g2, %O[%c5, %c0] : tensor<1x4xf32>, !tile.view<6x4xf32>
  %p = tile.load %I[%c0] pad 7 : !tile.view<3xi32> -> tensor<4xi32>
  %iota = tile.iota : tensor<4xindex>
  %two = tile.splat %c2 : index -> tensor<4xindex>
  %mask = arith.cmpi ult, %iota, %two : tensor<4xindex>
  %q = tile.load %I[%c0] mask %mask pad -1 : !tile.view<3xi32> -> tensor<4xi32>
  %p2 = tile.expand_dims %p dim 0 : tensor<4xi32> -> tensor<1x4xi32>
  %q2 = tile.expand_dims %q dim 0 : tensor<4xi32> -> tensor<1x4xi32>
  tile.store %p2, %OI[%c0, %c0] : tensor<1x4xi32>, !tile.view<2x4xi32>
  tile.store %q2, %OI[%c1, %c0] : tensor<1x4xi32>, !tile.view<2x4xi32>
  tile.return
}

func.func @main() {
  %x = memref.alloc() : memref<3xf32>
  %h = memref.alloc() : memref<3xf8E4M3FN>
  %i = memref.alloc() : memref<3xi32>
  %o = memref.alloc() : memref<6x4xf32>
  %oi = memref.alloc() : memref<2x4xi32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  scf.for %k = %c0 to %c3 step %c1 {
    %w = arith.index_cast %k : index to i32
    %v = arith.addi %w, %w : i32
    %p = arith.addi %v, %w : i32
    %f = arith.sitofp %p : i32 to f32
    %g = arith.addf %f, %f : f32
    %h8 = arith.truncf %g : f32 to f8E4M3FN
    memref.store %f, %x[%k] : memref<3xf32>
    memref.store %h8, %h[%k] : memref<3xf8E4M3FN>
    memref.store %p, %i[%k] : memref<3xi32>
  }
  tile.launch @pads grid [%c1] (%x, %h, %i, %o, %oi) : memref<3xf32>, memref<3xf8E4M3FN>, memref<3xi32>, memref<6x4xf32>, memref<2x4xi32>
  %u = memref.cast %o : memref<6x4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %v = memref.cast %oi : memref<2x4xi32> to memref<*xi32>
  call @printMemrefI32(%v) : (memref<*xi32>) -> ()
  memref.dealloc %x : memref<3xf32>
  memref.dealloc %h : memref<3xf8E4M3FN>
  memref.dealloc %i : memref<3xi32>
  memref.dealloc %o : memref<6x4xf32>
  memref.dealloc %oi : memref<2x4xi32>
  return
}

func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI32(memref<*xi32>)

// CHECK: sizes = [6, 4]
// CHECK-NEXT: {{\[\[}}0,   3,   6,   0],
// CHECK-NEXT: [0,   3,   6,   -inf],
// CHECK-NEXT: [0,   3,   6,   inf],
// CHECK-NEXT: [0,   3,   6,   nan],
// CHECK-NEXT: [3,   6,   2.5,   2.5],
// CHECK-NEXT: [0,   6,   12,   -448]]
// CHECK: sizes = [2, 4]
// CHECK-NEXT: {{\[\[}}0,   3,   6,   7],
// CHECK-NEXT: [0,   3,   -1,   -1]]
