// A loop-invariant load: every k step multiplies the same block of A
// (A[pm, 0], 8x8) by the k-th block of B, so C = A0 · (B0 + B1 + B2).
// tile-to-neuron copies A's block into SBUF once, before the loop
// (tests/neuron/tile-to-neuron-hoist.mlir checks where the copies are).
tile.func @fixed_a(%a: memref<13x8xf32>, %b: memref<24x20xf32>, %c: memref<13x20xf32>) grid [parallel, parallel] {
  %A = tile.view %a : memref<13x8xf32> -> !tile.view<?x?xf32>
  %B = tile.view %b : memref<24x20xf32> -> !tile.view<?x?xf32>
  %C = tile.view %c : memref<13x20xf32> -> !tile.view<?x?xf32>
  %pm = tile.program_id 0 : index
  %pn = tile.program_id 1 : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant dense<0.0> : tensor<8x16xf32>
  %acc = scf.for %k = %c0 to %c3 step %c1 iter_args(%acc_i = %zero) -> (tensor<8x16xf32>) {
    %x = tile.load %A[%pm, %c0] pad zero : !tile.view<?x?xf32> -> tensor<8x8xf32>
    %y = tile.load %B[%k, %pn] pad zero : !tile.view<?x?xf32> -> tensor<8x16xf32>
    %d = tile.dot %x, %y, %acc_i : tensor<8x8xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
    scf.yield %d : tensor<8x16xf32>
  }
  tile.store %acc, %C[%pm, %pn] bounds_check : tensor<8x16xf32>, !tile.view<?x?xf32>
  tile.return
}

func.func @main() {
  %a = memref.alloc() : memref<13x8xf32>
  %b = memref.alloc() : memref<24x20xf32>
  %c = memref.alloc() : memref<13x20xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c13 = arith.constant 13 : index
  %c20 = arith.constant 20 : index
  %c24 = arith.constant 24 : index
  %c7 = arith.constant 7 : index
  %three = arith.constant 3.0 : f32
  scf.for %i = %c0 to %c13 step %c1 {
    scf.for %j = %c0 to %c8 step %c1 {
      %t = arith.muli %i, %c8 : index
      %u = arith.addi %t, %j : index
      %m = arith.remui %u, %c7 : index
      %w = arith.index_cast %m : index to i64
      %f = arith.sitofp %w : i64 to f32
      %g = arith.subf %f, %three : f32
      memref.store %g, %a[%i, %j] : memref<13x8xf32>
    }
  }
  scf.for %i = %c0 to %c24 step %c1 {
    scf.for %j = %c0 to %c20 step %c1 {
      %t = arith.muli %i, %c20 : index
      %u = arith.addi %t, %j : index
      %m = arith.remui %u, %c7 : index
      %w = arith.index_cast %m : index to i64
      %f = arith.sitofp %w : i64 to f32
      %g = arith.subf %f, %three : f32
      memref.store %g, %b[%i, %j] : memref<24x20xf32>
    }
  }
  %g0 = arith.constant 2 : index
  %g1 = arith.constant 2 : index
  tile.launch @fixed_a grid [%g0, %g1] (%a, %b, %c) : memref<13x8xf32>, memref<24x20xf32>, memref<13x20xf32>
  %u = memref.cast %c : memref<13x20xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

func.func private @printMemrefF32(memref<*xf32>)
