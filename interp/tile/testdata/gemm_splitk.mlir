// A split-K GEMM: 7x13 = 7x10 * 10x13 in f32, 4x8 blocks, k blocks of 4
// dealt to 2 splits (the third grid axis), each split adding its partial
// product into the zeroed output with tile.atomic_add. Inputs are small
// integers, so every sum is exact whatever the order of the programs; the
// result is printed next to linalg.matmul's.
tile.func @gemm(%a: memref<7x10xf32>, %b: memref<10x13xf32>, %c: memref<7x13xf32>) grid [parallel, parallel, parallel] {
  %A = tile.view %a : memref<7x10xf32> -> !tile.view<7x10xf32>
  %B = tile.view %b : memref<10x13xf32> -> !tile.view<10x13xf32>
  %C = tile.view %c : memref<7x13xf32> -> !tile.view<7x13xf32>
  %pm = tile.program_id 0 : index
  %pn = tile.program_id 1 : index
  %ps = tile.program_id 2 : index
  %splits = tile.num_programs 2 : index
  // The k blocks of this split: ps, ps + splits, ...
  %nk = tile.num_blocks %A dim 1 block 4 : !tile.view<7x10xf32>
  %zero = arith.constant dense<0.0> : tensor<4x8xf32>
  %acc = scf.for %k = %ps to %nk step %splits iter_args(%acc_i = %zero) -> (tensor<4x8xf32>) {
    %x = tile.load %A[%pm, %k] pad zero : !tile.view<7x10xf32> -> tensor<4x4xf32>
    %y = tile.load %B[%k, %pn] pad zero : !tile.view<10x13xf32> -> tensor<4x8xf32>
    %d = tile.dot %x, %y, %acc_i : tensor<4x4xf32>, tensor<4x8xf32> -> tensor<4x8xf32>
    scf.yield %d : tensor<4x8xf32>
  }
  tile.atomic_add %acc, %C[%pm, %pn] bounds_check : tensor<4x8xf32>, !tile.view<7x13xf32>
  tile.return
}

func.func @fill(%m: memref<?x?xf32>, %mul: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 11 : index
  %c3 = arith.constant 3 : i64
  %r = memref.dim %m, %c0 : memref<?x?xf32>
  %n = memref.dim %m, %c1 : memref<?x?xf32>
  scf.for %i = %c0 to %r step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      %t = arith.muli %i, %mul : index
      %u = arith.addi %t, %j : index
      %v = arith.remui %u, %c7 : index
      %w = arith.index_cast %v : index to i64
      %x = arith.subi %w, %c3 : i64
      %f = arith.sitofp %x : i64 to f32
      memref.store %f, %m[%i, %j] : memref<?x?xf32>
    }
  }
  return
}

func.func @compute() -> (memref<7x13xf32>, memref<7x13xf32>) {
  %a = memref.alloc() : memref<7x10xf32>
  %b = memref.alloc() : memref<10x13xf32>
  %c = memref.alloc() : memref<7x13xf32>
  %ref = memref.alloc() : memref<7x13xf32>
  %a2 = memref.cast %a : memref<7x10xf32> to memref<?x?xf32>
  %b2 = memref.cast %b : memref<10x13xf32> to memref<?x?xf32>
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  call @fill(%a2, %c3) : (memref<?x?xf32>, index) -> ()
  call @fill(%b2, %c5) : (memref<?x?xf32>, index) -> ()
  %gm = arith.constant 2 : index
  %gn = arith.constant 2 : index
  %gs = arith.constant 2 : index
  %zero0 = arith.constant 0.0 : f32
  linalg.fill ins(%zero0 : f32) outs(%c : memref<7x13xf32>)
  tile.launch @gemm grid [%gm, %gn, %gs] (%a, %b, %c) : memref<7x10xf32>, memref<10x13xf32>, memref<7x13xf32>
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%ref : memref<7x13xf32>)
  linalg.matmul ins(%a, %b : memref<7x10xf32>, memref<10x13xf32>) outs(%ref : memref<7x13xf32>)
  memref.dealloc %a : memref<7x10xf32>
  memref.dealloc %b : memref<10x13xf32>
  return %c, %ref : memref<7x13xf32>, memref<7x13xf32>
}

func.func @main() {
  %r:2 = call @compute() : () -> (memref<7x13xf32>, memref<7x13xf32>)
  %u = memref.cast %r#0 : memref<7x13xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %v = memref.cast %r#1 : memref<7x13xf32> to memref<*xf32>
  call @printMemrefF32(%v) : (memref<*xf32>) -> ()
  memref.dealloc %r#0 : memref<7x13xf32>
  memref.dealloc %r#1 : memref<7x13xf32>
  return
}

func.func private @printMemrefF32(memref<*xf32>)
