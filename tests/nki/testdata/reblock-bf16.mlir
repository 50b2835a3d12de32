// A bf16 GEMM whose blocks are re-blocked: 256x640 output blocks (two
// pieces of 128 partitions, two moving pieces of 320 columns) and k blocks
// of 256 (two contractions of 128 partitions), the f32 accumulator rounded
// to a bf16 output. A is 300x200 and B 200x700 (ragged in every
// dimension); their elements are multiples of 1/8 between -6/8 and 6/8,
// exact in bf16, so every sum is exact in f32 and the executor must write
// the interpreter's bf16 outputs bit for bit.
tile.func @gemm(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) grid [parallel, parallel] {
  %A = tile.view %a : memref<?x?xbf16> -> !tile.view<?x?xbf16>
  %B = tile.view %b : memref<?x?xbf16> -> !tile.view<?x?xbf16>
  %C = tile.view %c : memref<?x?xbf16> -> !tile.view<?x?xbf16>
  %pm = tile.program_id 0 : index
  %pn = tile.program_id 1 : index
  %nk = tile.num_blocks %A dim 1 block 256 : !tile.view<?x?xbf16>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant dense<0.0> : tensor<256x640xf32>
  %acc = scf.for %k = %c0 to %nk step %c1 iter_args(%acc_i = %zero) -> (tensor<256x640xf32>) {
    %x = tile.load %A[%pm, %k] pad zero : !tile.view<?x?xbf16> -> tensor<256x256xbf16>
    %y = tile.load %B[%k, %pn] pad zero : !tile.view<?x?xbf16> -> tensor<256x640xbf16>
    %d = tile.dot %x, %y, %acc_i : tensor<256x256xbf16>, tensor<256x640xbf16> -> tensor<256x640xf32>
    scf.yield %d : tensor<256x640xf32>
  }
  %h = tile.cast %acc : tensor<256x640xf32> -> tensor<256x640xbf16>
  tile.store %h, %C[%pm, %pn] bounds_check : tensor<256x640xbf16>, !tile.view<?x?xbf16>
  tile.return
}

// fill writes ((7i + 3j + off) mod 13 - 6) / 8.
func.func @fill(%m: memref<?x?xbf16>, %off: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  %c13 = arith.constant 13 : index
  %c6 = arith.constant 6 : i64
  %eighth = arith.constant 0.125 : f32
  %r = memref.dim %m, %c0 : memref<?x?xbf16>
  %n = memref.dim %m, %c1 : memref<?x?xbf16>
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
      %h = arith.truncf %g : f32 to bf16
      memref.store %h, %m[%i, %j] : memref<?x?xbf16>
    }
  }
  return
}

func.func @main() {
  %c300 = arith.constant 300 : index
  %c200 = arith.constant 200 : index
  %c700 = arith.constant 700 : index
  %a = memref.alloc(%c300, %c200) : memref<?x?xbf16>
  %b = memref.alloc(%c200, %c700) : memref<?x?xbf16>
  %c = memref.alloc(%c300, %c700) : memref<?x?xbf16>
  %o1 = arith.constant 0 : index
  %o2 = arith.constant 5 : index
  call @fill(%a, %o1) : (memref<?x?xbf16>, index) -> ()
  call @fill(%b, %o2) : (memref<?x?xbf16>, index) -> ()
  %g0 = arith.constant 2 : index
  %g1 = arith.constant 2 : index
  tile.launch @gemm grid [%g0, %g1] (%a, %b, %c) : memref<?x?xbf16>, memref<?x?xbf16>, memref<?x?xbf16>
  %cf = memref.alloc(%c300, %c700) : memref<?x?xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %c300 step %c1 {
    scf.for %j = %c0 to %c700 step %c1 {
      %v = memref.load %c[%i, %j] : memref<?x?xbf16>
      %f = arith.extf %v : bf16 to f32
      memref.store %f, %cf[%i, %j] : memref<?x?xf32>
    }
  }
  %u = memref.cast %cf : memref<?x?xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

func.func private @printMemrefF32(memref<*xf32>)
