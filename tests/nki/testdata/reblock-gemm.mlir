// A GEMM with bias and relu whose blocks are larger than one NeuronCore
// instruction takes: 256x1024 output blocks (two blocks of 128
// partitions, two PSUM banks of 512 f32 columns each) and k blocks of 384
// (three contractions of 128 partitions). tile-to-neuron re-blocks the
// kernel into 128-row stationary and 512-column moving pieces that
// accumulate over K in PSUM; the bias row is broadcast over the
// partitions in two pieces of 512 columns. It runs on an exact
// 256x1024x384 problem and on a ragged 300x700x200 one.
tile.func @gemm(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %bias: memref<?xf32>, %c: memref<?x?xf32>) grid [parallel, parallel] {
  %A = tile.view %a : memref<?x?xf32> -> !tile.view<?x?xf32>
  %B = tile.view %b : memref<?x?xf32> -> !tile.view<?x?xf32>
  %BI = tile.view %bias : memref<?xf32> -> !tile.view<?xf32>
  %C = tile.view %c : memref<?x?xf32> -> !tile.view<?x?xf32>
  %pm = tile.program_id 0 : index
  %pn = tile.program_id 1 : index
  %nk = tile.num_blocks %A dim 1 block 384 : !tile.view<?x?xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f0 = arith.constant 0.0 : f32
  %zero = tile.splat %f0 : f32 -> tensor<256x1024xf32>
  %acc = scf.for %k = %c0 to %nk step %c1 iter_args(%acc_i = %zero) -> (tensor<256x1024xf32>) {
    %x = tile.load %A[%pm, %k] pad zero : !tile.view<?x?xf32> -> tensor<256x384xf32>
    %y = tile.load %B[%k, %pn] pad zero : !tile.view<?x?xf32> -> tensor<384x1024xf32>
    %d = tile.dot %x, %y, %acc_i : tensor<256x384xf32>, tensor<384x1024xf32> -> tensor<256x1024xf32>
    scf.yield %d : tensor<256x1024xf32>
  }
  %bv = tile.load %BI[%pn] pad zero : !tile.view<?xf32> -> tensor<1024xf32>
  %be = tile.expand_dims %bv dim 0 : tensor<1024xf32> -> tensor<1x1024xf32>
  %bb = tile.broadcast %be : tensor<1x1024xf32> -> tensor<256x1024xf32>
  %s = arith.addf %acc, %bb : tensor<256x1024xf32>
  %r = arith.maximumf %s, %zero : tensor<256x1024xf32>
  tile.store %r, %C[%pm, %pn] bounds_check : tensor<256x1024xf32>, !tile.view<?x?xf32>
  tile.return
}

// fill writes ((7i + 3j + off) mod 13 - 6) / 8: every product and sum of
// the GEMM is exact in f32, so each way of adding them gives the same
// numbers and a misplaced piece shows.
func.func @fill(%m: memref<?x?xf32>, %off: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  %c13 = arith.constant 13 : index
  %c6 = arith.constant 6 : i64
  %eighth = arith.constant 0.125 : f32
  %r = memref.dim %m, %c0 : memref<?x?xf32>
  %n = memref.dim %m, %c1 : memref<?x?xf32>
  scf.for %i = %c0 to %r step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      %t = arith.muli %i, %c7 : index
      %u = arith.muli %j, %c3 : index
      %v = arith.addi %t, %u : index
      %w = arith.addi %v, %off : index
      %x = arith.remui %w, %c13 : index
      %y = arith.index_cast %x : index to i64
      %z = arith.subi %y, %c6 : i64
      %f = arith.sitofp %z : i64 to f32
      %g = arith.mulf %f, %eighth : f32
      memref.store %g, %m[%i, %j] : memref<?x?xf32>
    }
  }
  return
}

func.func @fill1(%m: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %c2 = arith.constant 2 : i64
  %half = arith.constant 0.5 : f32
  %n = memref.dim %m, %c0 : memref<?xf32>
  scf.for %j = %c0 to %n step %c1 {
    %x = arith.remui %j, %c5 : index
    %y = arith.index_cast %x : index to i64
    %z = arith.subi %y, %c2 : i64
    %f = arith.sitofp %z : i64 to f32
    %g = arith.mulf %f, %half : f32
    memref.store %g, %m[%j] : memref<?xf32>
  }
  return
}

func.func @run(%M: index, %N: index, %K: index) {
  %a = memref.alloc(%M, %K) : memref<?x?xf32>
  %b = memref.alloc(%K, %N) : memref<?x?xf32>
  %bias = memref.alloc(%N) : memref<?xf32>
  %c = memref.alloc(%M, %N) : memref<?x?xf32>
  %o1 = arith.constant 0 : index
  %o2 = arith.constant 5 : index
  call @fill(%a, %o1) : (memref<?x?xf32>, index) -> ()
  call @fill(%b, %o2) : (memref<?x?xf32>, index) -> ()
  call @fill1(%bias) : (memref<?xf32>) -> ()
  %c255 = arith.constant 255 : index
  %c1023 = arith.constant 1023 : index
  %c256 = arith.constant 256 : index
  %c1024 = arith.constant 1024 : index
  %t0 = arith.addi %M, %c255 : index
  %g0 = arith.divui %t0, %c256 : index
  %t1 = arith.addi %N, %c1023 : index
  %g1 = arith.divui %t1, %c1024 : index
  tile.launch @gemm grid [%g0, %g1] (%a, %b, %bias, %c) : memref<?x?xf32>, memref<?x?xf32>, memref<?xf32>, memref<?x?xf32>
  %u = memref.cast %c : memref<?x?xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

func.func @main() {
  %c256 = arith.constant 256 : index
  %c1024 = arith.constant 1024 : index
  %c384 = arith.constant 384 : index
  call @run(%c256, %c1024, %c384) : (index, index, index) -> ()
  %c300 = arith.constant 300 : index
  %c700 = arith.constant 700 : index
  %c200 = arith.constant 200 : index
  call @run(%c300, %c700, %c200) : (index, index, index) -> ()
  return
}

func.func private @printMemrefF32(memref<*xf32>)
