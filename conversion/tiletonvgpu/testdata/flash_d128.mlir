// FlashAttention as a tile kernel with D=128 and blocks of 64 keys: three
// stages of K and V take 96 KiB, past the static shared memory.
tile.func @attn_kernel(%q: memref<1x1x128x128xbf16>, %k: memref<1x1x128x128xbf16>, %v: memref<1x1x128x128xbf16>, %o: memref<1x1x128x128xbf16>) grid [parallel, parallel] {
  %i = tile.program_id 0 : index
  %bh = tile.program_id 1 : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cH = arith.constant 1 : index
  %cG = arith.constant 1 : index
  %cHkv = arith.constant 1 : index
  %cS = arith.constant 128 : index
  %cD = arith.constant 128 : index
  %cSD = arith.constant 16384 : index
  %cBM = arith.constant 64 : index
  %cBN = arith.constant 64 : index
  %b = arith.divui %bh, %cH : index
  %h = arith.remui %bh, %cH : index
  %hk = arith.divui %h, %cG : index
  %qh = arith.muli %b, %cH : index
  %qh2 = arith.addi %qh, %h : index
  %qoff = arith.muli %qh2, %cSD : index
  %kh = arith.muli %b, %cHkv : index
  %kh2 = arith.addi %kh, %hk : index
  %koff = arith.muli %kh2, %cSD : index
  %Q = tile.view %q offset %qoff sizes [%cS, %cD] strides [%cD, %c1] : memref<1x1x128x128xbf16> -> !tile.view<128x128xbf16>
  %K = tile.view %k offset %koff sizes [%cS, %cD] strides [%cD, %c1] : memref<1x1x128x128xbf16> -> !tile.view<128x128xbf16>
  %V = tile.view %v offset %koff sizes [%cS, %cD] strides [%cD, %c1] : memref<1x1x128x128xbf16> -> !tile.view<128x128xbf16>
  %O = tile.view %o offset %qoff sizes [%cS, %cD] strides [%cD, %c1] : memref<1x1x128x128xbf16> -> !tile.view<128x128xbf16>
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %scale = arith.constant 1.275174308e-01 : f32
  %qb = tile.load %Q[%i, %c0] pad zero : !tile.view<128x128xbf16> -> tensor<64x128xbf16>
  %m0 = tile.splat %ninf : f32 -> tensor<64xf32>
  %l0 = tile.splat %zero : f32 -> tensor<64xf32>
  %a0 = tile.splat %zero : f32 -> tensor<64x128xf32>
  %nk0 = tile.num_blocks %K dim 0 block 64 : !tile.view<128x128xbf16>
  %nk = arith.addi %nk0, %c0 : index
  %r:3 = scf.for %j = %c0 to %nk step %c1 iter_args(%m = %m0, %l = %l0, %acc = %a0) -> (tensor<64xf32>, tensor<64xf32>, tensor<64x128xf32>) {
    %kb = tile.load %K[%j, %c0] pad zero : !tile.view<128x128xbf16> -> tensor<64x128xbf16>
    %vb = tile.load %V[%j, %c0] pad zero : !tile.view<128x128xbf16> -> tensor<64x128xbf16>
    %kt = tile.transpose %kb [1, 0] : tensor<64x128xbf16> -> tensor<128x64xbf16>
    %sz = tile.splat %zero : f32 -> tensor<64x64xf32>
    %s0 = tile.dot %qb, %kt, %sz : tensor<64x128xbf16>, tensor<128x64xbf16> -> tensor<64x64xf32>
    %scv = tile.splat %scale : f32 -> tensor<64x64xf32>
    %s = arith.mulf %s0, %scv : tensor<64x64xf32>
    %io = tile.iota : tensor<64xindex>
    %base = arith.muli %j, %cBN : index
    %bs = tile.splat %base : index -> tensor<64xindex>
    %pos = arith.addi %io, %bs : tensor<64xindex>
    %lim = tile.splat %cS : index -> tensor<64xindex>
    %ok = arith.cmpi slt, %pos, %lim : tensor<64xindex>
    %ok2 = tile.expand_dims %ok dim 0 : tensor<64xi1> -> tensor<1x64xi1>
    %okb = tile.broadcast %ok2 : tensor<1x64xi1> -> tensor<64x64xi1>
    %ninfs = tile.splat %ninf : f32 -> tensor<64x64xf32>
    %sm = arith.select %okb, %s, %ninfs : tensor<64x64xi1>, tensor<64x64xf32>
    %bm = tile.reduce max %sm dim 1 : tensor<64x64xf32> -> tensor<64xf32>
    %mn = arith.maximumf %m, %bm : tensor<64xf32>
    %mn2 = tile.expand_dims %mn dim 1 : tensor<64xf32> -> tensor<64x1xf32>
    %mnb = tile.broadcast %mn2 : tensor<64x1xf32> -> tensor<64x64xf32>
    %d = arith.subf %sm, %mnb : tensor<64x64xf32>
    %p = math.exp2 %d : tensor<64x64xf32>
    %ps = tile.reduce sum %p dim 1 : tensor<64x64xf32> -> tensor<64xf32>
    %dm = arith.subf %m, %mn : tensor<64xf32>
    %alpha = math.exp2 %dm : tensor<64xf32>
    %la = arith.mulf %l, %alpha : tensor<64xf32>
    %ln = arith.addf %la, %ps : tensor<64xf32>
    %al2 = tile.expand_dims %alpha dim 1 : tensor<64xf32> -> tensor<64x1xf32>
    %alb = tile.broadcast %al2 : tensor<64x1xf32> -> tensor<64x128xf32>
    %accs = arith.mulf %acc, %alb : tensor<64x128xf32>
    %pb = tile.cast %p : tensor<64x64xf32> -> tensor<64x64xbf16>
    %an = tile.dot %pb, %vb, %accs : tensor<64x64xbf16>, tensor<64x128xbf16> -> tensor<64x128xf32>
    scf.yield %mn, %ln, %an : tensor<64xf32>, tensor<64xf32>, tensor<64x128xf32>
  }
  %l2 = tile.expand_dims %r#1 dim 1 : tensor<64xf32> -> tensor<64x1xf32>
  %lb = tile.broadcast %l2 : tensor<64x1xf32> -> tensor<64x128xf32>
  %out = arith.divf %r#2, %lb : tensor<64x128xf32>
  %outb = tile.cast %out : tensor<64x128xf32> -> tensor<64x128xbf16>
  tile.store %outb, %O[%i, %c0] bounds_check : tensor<64x128xbf16>, !tile.view<128x128xbf16>
  tile.return
}
func.func @attn(%q: memref<1x1x128x128xbf16>, %k: memref<1x1x128x128xbf16>, %v: memref<1x1x128x128xbf16>, %o: memref<1x1x128x128xbf16>) {
  %nq = arith.constant 2 : index
  %nbh = arith.constant 1 : index
  tile.launch @attn_kernel grid [%nq, %nbh] (%q, %k, %v, %o) : memref<1x1x128x128xbf16>, memref<1x1x128x128xbf16>, memref<1x1x128x128xbf16>, memref<1x1x128x128xbf16>
  return
}

