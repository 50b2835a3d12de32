// A batched ragged GEMM: 3 products of 7x10 by 10x13, bf16 inputs and an
// f32 accumulator, in blocks of 3x4x8 (all the batch, 4 rows, 8 columns)
// with k blocks of 4, one tile.dot with a leading batch dimension per k
// step. The inputs are sines, so the sums round; a product of two bf16
// values is exact in f32, so linalg.batch_matmul (mulf then addf, k
// ascending) rounds exactly as tile.dot does and the results agree bit for
// bit.
tile.func @bgemm(%a: memref<3x7x10xbf16>, %b: memref<3x10x13xbf16>, %c: memref<3x7x13xf32>) grid [parallel, parallel] {
  %A = tile.view %a : memref<3x7x10xbf16> -> !tile.view<?x?x?xbf16>
  %B = tile.view %b : memref<3x10x13xbf16> -> !tile.view<?x?x?xbf16>
  %C = tile.view %c : memref<3x7x13xf32> -> !tile.view<?x?x?xf32>
  %pm = tile.program_id 0 : index
  %pn = tile.program_id 1 : index
  %nk = tile.num_blocks %A dim 2 block 4 : !tile.view<?x?x?xbf16>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant dense<0.0> : tensor<3x4x8xf32>
  %acc = scf.for %k = %c0 to %nk step %c1 iter_args(%acc_i = %zero) -> (tensor<3x4x8xf32>) {
    %x = tile.load %A[%c0, %pm, %k] pad zero : !tile.view<?x?x?xbf16> -> tensor<3x4x4xbf16>
    %y = tile.load %B[%c0, %k, %pn] pad zero : !tile.view<?x?x?xbf16> -> tensor<3x4x8xbf16>
    %d = tile.dot %x, %y, %acc_i : tensor<3x4x4xbf16>, tensor<3x4x8xbf16> -> tensor<3x4x8xf32>
    scf.yield %d : tensor<3x4x8xf32>
  }
  tile.store %acc, %C[%c0, %pm, %pn] bounds_check : tensor<3x4x8xf32>, !tile.view<?x?x?xf32>
  tile.return
}

func.func @fill(%m: memref<?x?x?xbf16>, %mul: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %q = memref.dim %m, %c0 : memref<?x?x?xbf16>
  %r = memref.dim %m, %c1 : memref<?x?x?xbf16>
  %n = memref.dim %m, %c2 : memref<?x?x?xbf16>
  scf.for %h = %c0 to %q step %c1 {
    scf.for %i = %c0 to %r step %c1 {
      scf.for %j = %c0 to %n step %c1 {
        %hr = arith.muli %h, %r : index
        %hi = arith.addi %hr, %i : index
        %t = arith.muli %hi, %n : index
        %u = arith.addi %t, %j : index
        %w = arith.index_cast %u : index to i64
        %f = arith.sitofp %w : i64 to f32
        %g = arith.mulf %f, %mul : f32
        %s = math.sin %g : f32
        %e = arith.truncf %s : f32 to bf16
        memref.store %e, %m[%h, %i, %j] : memref<?x?x?xbf16>
      }
    }
  }
  return
}

func.func @compute() -> (memref<3x7x13xf32>, memref<3x7x13xf32>) {
  %a = memref.alloc() : memref<3x7x10xbf16>
  %b = memref.alloc() : memref<3x10x13xbf16>
  %c = memref.alloc() : memref<3x7x13xf32>
  %ref = memref.alloc() : memref<3x7x13xf32>
  %a2 = memref.cast %a : memref<3x7x10xbf16> to memref<?x?x?xbf16>
  %b2 = memref.cast %b : memref<3x10x13xbf16> to memref<?x?x?xbf16>
  %m1 = arith.constant 0.37 : f32
  %m2 = arith.constant 1.13 : f32
  call @fill(%a2, %m1) : (memref<?x?x?xbf16>, f32) -> ()
  call @fill(%b2, %m2) : (memref<?x?x?xbf16>, f32) -> ()
  %g = arith.constant 2 : index
  tile.launch @bgemm grid [%g, %g] (%a, %b, %c) : memref<3x7x10xbf16>, memref<3x10x13xbf16>, memref<3x7x13xf32>
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%ref : memref<3x7x13xf32>)
  linalg.batch_matmul ins(%a, %b : memref<3x7x10xbf16>, memref<3x10x13xbf16>) outs(%ref : memref<3x7x13xf32>)
  memref.dealloc %a : memref<3x7x10xbf16>
  memref.dealloc %b : memref<3x10x13xbf16>
  return %c, %ref : memref<3x7x13xf32>, memref<3x7x13xf32>
}

func.func @main() {
  %r:2 = call @compute() : () -> (memref<3x7x13xf32>, memref<3x7x13xf32>)
  %u = memref.cast %r#0 : memref<3x7x13xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %v = memref.cast %r#1 : memref<3x7x13xf32> to memref<*xf32>
  call @printMemrefF32(%v) : (memref<*xf32>) -> ()
  memref.dealloc %r#0 : memref<3x7x13xf32>
  memref.dealloc %r#1 : memref<3x7x13xf32>
  return
}

func.func private @printMemrefF32(memref<*xf32>)
