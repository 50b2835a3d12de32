// RUN: strata-opt --split-input-file --verify-diagnostics --tile-to-tpu=chip=tpu-v5e %s

// The rules tile-to-tpu enforces, as located errors.

tile.func @k(%a: memref<20x300xf32>) grid [parallel] {
  %p = tile.program_id 0 : index
  %c0 = arith.constant 0 : index
  %A = tile.view %a : memref<20x300xf32> -> !tile.view<20x300xf32>
  // expected-error @below {{tile-to-tpu: block 12x128 of an array of 20x300 breaks the (8, 128) rule on tpu-v5e: the last two dimensions of a block must be multiples of 8 and 128 or equal the array's}}
  %x = tile.load %A[%p, %c0] pad zero : !tile.view<20x300xf32> -> tensor<12x128xf32>
  tile.return
}
func.func @main(%a: memref<20x300xf32>) {
  %c2 = arith.constant 2 : index
  tile.launch @k grid [%c2] (%a) : memref<20x300xf32>
  return
}

// -----

tile.func @k(%a: memref<300xf32>) grid [parallel] {
  %p = tile.program_id 0 : index
  %A = tile.view %a : memref<300xf32> -> !tile.view<300xf32>
  // expected-error @below {{tile-to-tpu: block 96 of an array of 300 breaks the (8, 128) rule on tpu-v5e: a block of rank 1 must equal the array, be a multiple of 1024 or a power of 2 of at least 128}}
  %x = tile.load %A[%p] pad zero : !tile.view<300xf32> -> tensor<96xf32>
  tile.return
}
func.func @main(%a: memref<300xf32>) {
  %c2 = arith.constant 2 : index
  tile.launch @k grid [%c2] (%a) : memref<300xf32>
  return
}

// -----

// expected-error @below {{tile-to-tpu: grid axis 0 is arbitrary (a reduction) but axis 1 after it is parallel: on a TPU, reductions must be the trailing grid axes}}
tile.func @k(%a: memref<16x256xf32>) grid [arbitrary, parallel] {
  tile.return
}
func.func @main(%a: memref<16x256xf32>) {
  %c2 = arith.constant 2 : index
  tile.launch @k grid [%c2, %c2] (%a) : memref<16x256xf32>
  return
}

// -----

tile.func @k(%a: memref<64x128xf32>, %o: memref<8x128xf32>, %n: index) grid [parallel] {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %A = tile.view %a : memref<64x128xf32> -> !tile.view<64x128xf32>
  %O = tile.view %o : memref<8x128xf32> -> !tile.view<8x128xf32>
  %f = tile.splat %c0 : index -> tensor<8x128xindex>
  %fi = arith.index_cast %f : tensor<8x128xindex> to tensor<8x128xi32>
  %ff = arith.sitofp %fi : tensor<8x128xi32> to tensor<8x128xf32>
  // expected-error @below {{tile-to-tpu: the loop over blocks must run up to a count with a constant bound (a constant, or the minimum of a constant and a count of program ids) or at most the blocks of an array (tile.num_blocks)}}
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %ff) -> (tensor<8x128xf32>) {
    %x = tile.load %A[%i, %c0] : !tile.view<64x128xf32> -> tensor<8x128xf32>
    %y = arith.addf %acc, %x : tensor<8x128xf32>
    scf.yield %y : tensor<8x128xf32>
  }
  tile.store %s, %O[%c0, %c0] : tensor<8x128xf32>, !tile.view<8x128xf32>
  tile.return
}
func.func @main(%a: memref<64x128xf32>, %o: memref<8x128xf32>, %n: index) {
  %c1 = arith.constant 1 : index
  tile.launch @k grid [%c1] (%a, %o, %n) : memref<64x128xf32>, memref<8x128xf32>, index
  return
}

// -----

tile.func @k(%a: memref<64x128xf32>) grid [parallel] {
  %A = tile.view %a : memref<64x128xf32> -> !tile.view<64x128xf32>
  %z = arith.constant dense<0> : tensor<8x128xindex>
  // expected-error @below {{tile-to-tpu: this tile.gather is not lowered to TPU: the column offsets are not the iota of the whole row (gathers of whole rows of a 2-D array by a block of row indices are: one DMA per row)}}
  %x = tile.gather %A[%z, %z] pad zero : !tile.view<64x128xf32>, tensor<8x128xindex> -> tensor<8x128xf32>
  tile.return
}
func.func @main(%a: memref<64x128xf32>) {
  %c1 = arith.constant 1 : index
  tile.launch @k grid [%c1] (%a) : memref<64x128xf32>
  return
}

// -----

tile.func @k(%a: memref<2x16x128xf32>, %b: memref<2x128x16xf32>) grid [parallel] {
  %A = tile.view %a : memref<2x16x128xf32> -> !tile.view<2x16x128xf32>
  %B = tile.view %b : memref<2x128x16xf32> -> !tile.view<2x128x16xf32>
  %c0 = arith.constant 0 : index
  %x = tile.load %A[%c0, %c0, %c0] : !tile.view<2x16x128xf32> -> tensor<2x16x128xf32>
  %y = tile.load %B[%c0, %c0, %c0] : !tile.view<2x128x16xf32> -> tensor<2x128x16xf32>
  %z = arith.constant dense<0.0> : tensor<2x16x16xf32>
  // expected-error @below {{tile-to-tpu: a batched tile.dot (leading batch dimensions) is not lowered to TPU yet; launch one program per batch}}
  %d = tile.dot %x, %y, %z : tensor<2x16x128xf32>, tensor<2x128x16xf32> -> tensor<2x16x16xf32>
  tile.return
}
func.func @main(%a: memref<2x16x128xf32>, %b: memref<2x128x16xf32>) {
  %c1 = arith.constant 1 : index
  tile.launch @k grid [%c1] (%a, %b) : memref<2x16x128xf32>, memref<2x128x16xf32>
  return
}
