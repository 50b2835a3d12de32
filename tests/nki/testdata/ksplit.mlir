// A GEMM whose k blocks (256) are longer than the tensor engine's
// contraction (128 partitions): tile-to-neuron re-blocks each dot into two
// dots over 128-element pieces of K, loading the pieces at element
// offsets, which adds the same products in the same order. C = A·B for A
// 20x300 and B 300x40 (ragged in every dimension), blocks 16x32 and k
// blocks of 256.
tile.func @ksplit(%a: memref<20x300xf32>, %b: memref<300x40xf32>, %c: memref<20x40xf32>) grid [parallel, parallel] {
  %A = tile.view %a : memref<20x300xf32> -> !tile.view<?x?xf32>
  %B = tile.view %b : memref<300x40xf32> -> !tile.view<?x?xf32>
  %C = tile.view %c : memref<20x40xf32> -> !tile.view<?x?xf32>
  %pm = tile.program_id 0 : index
  %pn = tile.program_id 1 : index
  %nk = tile.num_blocks %A dim 1 block 256 : !tile.view<?x?xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant dense<0.0> : tensor<16x32xf32>
  %acc = scf.for %k = %c0 to %nk step %c1 iter_args(%acc_i = %zero) -> (tensor<16x32xf32>) {
    %x = tile.load %A[%pm, %k] pad zero : !tile.view<?x?xf32> -> tensor<16x256xf32>
    %y = tile.load %B[%k, %pn] pad zero : !tile.view<?x?xf32> -> tensor<256x32xf32>
    %d = tile.dot %x, %y, %acc_i : tensor<16x256xf32>, tensor<256x32xf32> -> tensor<16x32xf32>
    scf.yield %d : tensor<16x32xf32>
  }
  tile.store %acc, %C[%pm, %pn] bounds_check : tensor<16x32xf32>, !tile.view<?x?xf32>
  tile.return
}

func.func @fill(%m: memref<?x?xf32>, %mul: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = memref.dim %m, %c0 : memref<?x?xf32>
  %n = memref.dim %m, %c1 : memref<?x?xf32>
  scf.for %i = %c0 to %r step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      %t = arith.muli %i, %n : index
      %u = arith.addi %t, %j : index
      %w = arith.index_cast %u : index to i64
      %f = arith.sitofp %w : i64 to f32
      %g = arith.mulf %f, %mul : f32
      %s = math.sin %g : f32
      memref.store %s, %m[%i, %j] : memref<?x?xf32>
    }
  }
  return
}

func.func @main() {
  %a = memref.alloc() : memref<20x300xf32>
  %b = memref.alloc() : memref<300x40xf32>
  %c = memref.alloc() : memref<20x40xf32>
  %a2 = memref.cast %a : memref<20x300xf32> to memref<?x?xf32>
  %b2 = memref.cast %b : memref<300x40xf32> to memref<?x?xf32>
  %m1 = arith.constant 0.37 : f32
  %m2 = arith.constant 1.13 : f32
  call @fill(%a2, %m1) : (memref<?x?xf32>, f32) -> ()
  call @fill(%b2, %m2) : (memref<?x?xf32>, f32) -> ()
  %g0 = arith.constant 2 : index
  %g1 = arith.constant 2 : index
  tile.launch @ksplit grid [%g0, %g1] (%a, %b, %c) : memref<20x300xf32>, memref<300x40xf32>, memref<20x40xf32>
  %u = memref.cast %c : memref<20x40xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

func.func private @printMemrefF32(memref<*xf32>)
