// A masked load: the columns at or past 29 (inside the array) read the
// pad, -1.5, as do the elements past the ragged edges of the 5x40 array;
// the kernel doubles what it loads. Blocks of 4x16. Then a masked store:
// rows 0 to 2 of each block (rows 0-2 and 4 of the array) get x + 1, the
// others keep what they held (7).
tile.func @masked(%x: memref<5x40xf32>, %y: memref<5x40xf32>) grid [parallel, parallel] {
  %n = arith.constant 29 : index
  %X = tile.view %x : memref<5x40xf32> -> !tile.view<?x?xf32>
  %Y = tile.view %y : memref<5x40xf32> -> !tile.view<?x?xf32>
  %p = tile.program_id 0 : index
  %q = tile.program_id 1 : index
  %c16 = arith.constant 16 : index
  %q16 = arith.muli %q, %c16 : index
  %i = tile.iota : tensor<16xindex>
  %b = tile.splat %q16 : index -> tensor<16xindex>
  %cols = arith.addi %i, %b : tensor<16xindex>
  %nn = tile.splat %n : index -> tensor<16xindex>
  %m1 = arith.cmpi slt, %cols, %nn : tensor<16xindex>
  %m2 = tile.expand_dims %m1 dim 0 : tensor<16xi1> -> tensor<1x16xi1>
  %m = tile.broadcast %m2 : tensor<1x16xi1> -> tensor<4x16xi1>
  %t = tile.load %X[%p, %q] mask %m pad -1.5 : !tile.view<?x?xf32> -> tensor<4x16xf32>
  %d = arith.addf %t, %t : tensor<4x16xf32>
  tile.store %d, %Y[%p, %q] bounds_check : tensor<4x16xf32>, !tile.view<?x?xf32>
  tile.return
}

tile.func @masked_store(%x: memref<5x40xf32>, %z: memref<5x40xf32>) grid [parallel, parallel] {
  %X = tile.view %x : memref<5x40xf32> -> !tile.view<?x?xf32>
  %Z = tile.view %z : memref<5x40xf32> -> !tile.view<?x?xf32>
  %p = tile.program_id 0 : index
  %q = tile.program_id 1 : index
  %c3 = arith.constant 3 : index
  %i = tile.iota : tensor<4xindex>
  %n = tile.splat %c3 : index -> tensor<4xindex>
  %m1 = arith.cmpi slt, %i, %n : tensor<4xindex>
  %m2 = tile.expand_dims %m1 dim 1 : tensor<4xi1> -> tensor<4x1xi1>
  %m = tile.broadcast %m2 : tensor<4x1xi1> -> tensor<4x16xi1>
  %t = tile.load %X[%p, %q] pad zero : !tile.view<?x?xf32> -> tensor<4x16xf32>
  %one = arith.constant dense<1.0> : tensor<4x16xf32>
  %d = arith.addf %t, %one : tensor<4x16xf32>
  tile.store %d, %Z[%p, %q] mask %m bounds_check : tensor<4x16xf32>, !tile.view<?x?xf32>
  tile.return
}

func.func @main() {
  %x = memref.alloc() : memref<5x40xf32>
  %y = memref.alloc() : memref<5x40xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %c40 = arith.constant 40 : index
  scf.for %i = %c0 to %c5 step %c1 {
    scf.for %j = %c0 to %c40 step %c1 {
      %t = arith.muli %i, %c40 : index
      %u = arith.addi %t, %j : index
      %w = arith.index_cast %u : index to i64
      %f = arith.sitofp %w : i64 to f32
      memref.store %f, %x[%i, %j] : memref<5x40xf32>
    }
  }
  %g0 = arith.constant 2 : index
  %g1 = arith.constant 3 : index
  tile.launch @masked grid [%g0, %g1] (%x, %y) : memref<5x40xf32>, memref<5x40xf32>
  %u = memref.cast %y : memref<5x40xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %z = memref.alloc() : memref<5x40xf32>
  %seven = arith.constant 7.0 : f32
  linalg.fill ins(%seven : f32) outs(%z : memref<5x40xf32>)
  tile.launch @masked_store grid [%g0, %g1] (%x, %z) : memref<5x40xf32>, memref<5x40xf32>
  %v = memref.cast %z : memref<5x40xf32> to memref<*xf32>
  call @printMemrefF32(%v) : (memref<*xf32>) -> ()
  return
}

func.func private @printMemrefF32(memref<*xf32>)
