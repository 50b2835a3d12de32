// FlashAttention forward with an online softmax: 6 queries in blocks of 4
// (two programs, the second ragged), 10 keys in blocks of 4 (the last
// ragged: padded keys are masked to -inf), head size 8. @compute returns
// it beside softmax(Q K^T) V computed by linalg; the summation orders
// differ, so they agree to rounding.
tile.func @flash(%q: memref<?x?xf32>, %k: memref<?x?xf32>, %v: memref<?x?xf32>, %o: memref<?x?xf32>) grid [parallel] {
  %Q = tile.view %q : memref<?x?xf32> -> !tile.view<?x?xf32>
  %K = tile.view %k : memref<?x?xf32> -> !tile.view<?x?xf32>
  %V = tile.view %v : memref<?x?xf32> -> !tile.view<?x?xf32>
  %O = tile.view %o : memref<?x?xf32> -> !tile.view<?x?xf32>
  %p = tile.program_id 0 : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %qt = tile.load %Q[%p, %c0] pad zero : !tile.view<?x?xf32> -> tensor<4x8xf32>
  %nk = tile.num_blocks %K dim 0 block 4 : !tile.view<?x?xf32>
  %lk = tile.dim %K, 0 : !tile.view<?x?xf32>
  %lks = tile.splat %lk : index -> tensor<4xindex>
  %io = tile.iota : tensor<4xindex>
  %m0 = arith.constant dense<0xFF800000> : tensor<4xf32>
  %ninf = arith.constant dense<0xFF800000> : tensor<4x4xf32>
  %l0 = arith.constant dense<0.0> : tensor<4xf32>
  %acc0 = arith.constant dense<0.0> : tensor<4x8xf32>
  %z44 = arith.constant dense<0.0> : tensor<4x4xf32>
  %r:3 = scf.for %j = %c0 to %nk step %c1 iter_args(%m = %m0, %l = %l0, %acc = %acc0) -> (tensor<4xf32>, tensor<4xf32>, tensor<4x8xf32>) {
    %kt = tile.load %K[%j, %c0] pad zero : !tile.view<?x?xf32> -> tensor<4x8xf32>
    %vt = tile.load %V[%j, %c0] pad zero : !tile.view<?x?xf32> -> tensor<4x8xf32>
    %ktt = tile.transpose %kt [1, 0] : tensor<4x8xf32> -> tensor<8x4xf32>
    %s = tile.dot %qt, %ktt, %z44 : tensor<4x8xf32>, tensor<8x4xf32> -> tensor<4x4xf32>
    %base = arith.muli %j, %c4 : index
    %bases = tile.splat %base : index -> tensor<4xindex>
    %cols = arith.addi %io, %bases : tensor<4xindex>
    %valid = arith.cmpi slt, %cols, %lks : tensor<4xindex>
    %valid1 = tile.expand_dims %valid dim 0 : tensor<4xi1> -> tensor<1x4xi1>
    %valid2 = tile.broadcast %valid1 : tensor<1x4xi1> -> tensor<4x4xi1>
    %sm = arith.select %valid2, %s, %ninf : tensor<4x4xi1>, tensor<4x4xf32>
    %mx = tile.reduce max %sm dim 1 : tensor<4x4xf32> -> tensor<4xf32>
    %mnew = arith.maximumf %m, %mx : tensor<4xf32>
    %mn1 = tile.expand_dims %mnew dim 1 : tensor<4xf32> -> tensor<4x1xf32>
    %mnb = tile.broadcast %mn1 : tensor<4x1xf32> -> tensor<4x4xf32>
    %d = arith.subf %sm, %mnb : tensor<4x4xf32>
    %pe = math.exp %d : tensor<4x4xf32>
    %dm = arith.subf %m, %mnew : tensor<4xf32>
    %alpha = math.exp %dm : tensor<4xf32>
    %ps = tile.reduce sum %pe dim 1 : tensor<4x4xf32> -> tensor<4xf32>
    %al = arith.mulf %alpha, %l : tensor<4xf32>
    %lnew = arith.addf %al, %ps : tensor<4xf32>
    %a1 = tile.expand_dims %alpha dim 1 : tensor<4xf32> -> tensor<4x1xf32>
    %ab = tile.broadcast %a1 : tensor<4x1xf32> -> tensor<4x8xf32>
    %scaled = arith.mulf %ab, %acc : tensor<4x8xf32>
    %pv = tile.dot %pe, %vt, %scaled : tensor<4x4xf32>, tensor<4x8xf32> -> tensor<4x8xf32>
    scf.yield %mnew, %lnew, %pv : tensor<4xf32>, tensor<4xf32>, tensor<4x8xf32>
  }
  %l1 = tile.expand_dims %r#1 dim 1 : tensor<4xf32> -> tensor<4x1xf32>
  %lb = tile.broadcast %l1 : tensor<4x1xf32> -> tensor<4x8xf32>
  %out = arith.divf %r#2, %lb : tensor<4x8xf32>
  tile.store %out, %O[%p, %c0] bounds_check : tensor<4x8xf32>, !tile.view<?x?xf32>
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

func.func @compute() -> (memref<?x?xf32>, memref<?x?xf32>) {
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  %c10 = arith.constant 10 : index
  %q = memref.alloc(%c6, %c8) : memref<?x?xf32>
  %k = memref.alloc(%c10, %c8) : memref<?x?xf32>
  %v = memref.alloc(%c10, %c8) : memref<?x?xf32>
  %o = memref.alloc(%c6, %c8) : memref<?x?xf32>
  %m1 = arith.constant 0.9 : f32
  %m2 = arith.constant 1.7 : f32
  %m3 = arith.constant 0.3 : f32
  call @fill(%q, %m1) : (memref<?x?xf32>, f32) -> ()
  call @fill(%k, %m2) : (memref<?x?xf32>, f32) -> ()
  call @fill(%v, %m3) : (memref<?x?xf32>, f32) -> ()
  %c2 = arith.constant 2 : index
  tile.launch @flash grid [%c2] (%q, %k, %v, %o) : memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>
  // The reference: softmax(Q K^T) V.
  %kt = memref.alloc(%c8, %c10) : memref<?x?xf32>
  linalg.transpose ins(%k : memref<?x?xf32>) outs(%kt : memref<?x?xf32>) permutation = [1, 0]
  %s = memref.alloc(%c6, %c10) : memref<?x?xf32>
  %p = memref.alloc(%c6, %c10) : memref<?x?xf32>
  %ref = memref.alloc(%c6, %c8) : memref<?x?xf32>
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%s : memref<?x?xf32>)
  linalg.fill ins(%zero : f32) outs(%ref : memref<?x?xf32>)
  linalg.matmul ins(%q, %kt : memref<?x?xf32>, memref<?x?xf32>) outs(%s : memref<?x?xf32>)
  linalg.softmax dimension(1) ins(%s : memref<?x?xf32>) outs(%p : memref<?x?xf32>)
  linalg.matmul ins(%p, %v : memref<?x?xf32>, memref<?x?xf32>) outs(%ref : memref<?x?xf32>)
  memref.dealloc %q : memref<?x?xf32>
  memref.dealloc %k : memref<?x?xf32>
  memref.dealloc %v : memref<?x?xf32>
  memref.dealloc %kt : memref<?x?xf32>
  memref.dealloc %s : memref<?x?xf32>
  memref.dealloc %p : memref<?x?xf32>
  return %o, %ref : memref<?x?xf32>, memref<?x?xf32>
}

func.func @main() {
  %r:2 = call @compute() : () -> (memref<?x?xf32>, memref<?x?xf32>)
  %u = memref.cast %r#0 : memref<?x?xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %v = memref.cast %r#1 : memref<?x?xf32> to memref<*xf32>
  call @printMemrefF32(%v) : (memref<*xf32>) -> ()
  memref.dealloc %r#0 : memref<?x?xf32>
  memref.dealloc %r#1 : memref<?x?xf32>
  return
}

func.func private @printMemrefF32(memref<*xf32>)
