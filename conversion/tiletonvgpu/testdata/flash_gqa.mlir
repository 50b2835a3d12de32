// FlashAttention as a tile kernel on [B, H, S, D] memrefs viewed one head
// at a time (tile.view with an offset): B=1, H=2 query heads on one K/V
// head (grouped queries), S=72 (ragged in blocks of 64 queries and 32
// keys), D=64, bf16 with f32 accumulation, exp2 with the scale folded.
tile.func @attn_kernel(%q: memref<1x2x72x64xbf16>, %k: memref<1x1x72x64xbf16>, %v: memref<1x1x72x64xbf16>, %o: memref<1x2x72x64xbf16>) grid [parallel, parallel] {
  %i = tile.program_id 0 : index
  %bh = tile.program_id 1 : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cH = arith.constant 2 : index
  %cG = arith.constant 2 : index
  %cHkv = arith.constant 1 : index
  %cS = arith.constant 72 : index
  %cD = arith.constant 64 : index
  %cSD = arith.constant 4608 : index
  %cBM = arith.constant 64 : index
  %cBN = arith.constant 32 : index
  %b = arith.divui %bh, %cH : index
  %h = arith.remui %bh, %cH : index
  %hk = arith.divui %h, %cG : index
  %qh = arith.muli %b, %cH : index
  %qh2 = arith.addi %qh, %h : index
  %qoff = arith.muli %qh2, %cSD : index
  %kh = arith.muli %b, %cHkv : index
  %kh2 = arith.addi %kh, %hk : index
  %koff = arith.muli %kh2, %cSD : index
  %Q = tile.view %q offset %qoff sizes [%cS, %cD] strides [%cD, %c1] : memref<1x2x72x64xbf16> -> !tile.view<72x64xbf16>
  %K = tile.view %k offset %koff sizes [%cS, %cD] strides [%cD, %c1] : memref<1x1x72x64xbf16> -> !tile.view<72x64xbf16>
  %V = tile.view %v offset %koff sizes [%cS, %cD] strides [%cD, %c1] : memref<1x1x72x64xbf16> -> !tile.view<72x64xbf16>
  %O = tile.view %o offset %qoff sizes [%cS, %cD] strides [%cD, %c1] : memref<1x2x72x64xbf16> -> !tile.view<72x64xbf16>
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %scale = arith.constant 1.803368801e-01 : f32
  %qb = tile.load %Q[%i, %c0] pad zero : !tile.view<72x64xbf16> -> tensor<64x64xbf16>
  %m0 = tile.splat %ninf : f32 -> tensor<64xf32>
  %l0 = tile.splat %zero : f32 -> tensor<64xf32>
  %a0 = tile.splat %zero : f32 -> tensor<64x64xf32>
  %nk0 = tile.num_blocks %K dim 0 block 32 : !tile.view<72x64xbf16>
  %nk = arith.addi %nk0, %c0 : index
  %r:3 = scf.for %j = %c0 to %nk step %c1 iter_args(%m = %m0, %l = %l0, %acc = %a0) -> (tensor<64xf32>, tensor<64xf32>, tensor<64x64xf32>) {
    %kb = tile.load %K[%j, %c0] pad zero : !tile.view<72x64xbf16> -> tensor<32x64xbf16>
    %vb = tile.load %V[%j, %c0] pad zero : !tile.view<72x64xbf16> -> tensor<32x64xbf16>
    %kt = tile.transpose %kb [1, 0] : tensor<32x64xbf16> -> tensor<64x32xbf16>
    %sz = tile.splat %zero : f32 -> tensor<64x32xf32>
    %s0 = tile.dot %qb, %kt, %sz : tensor<64x64xbf16>, tensor<64x32xbf16> -> tensor<64x32xf32>
    %scv = tile.splat %scale : f32 -> tensor<64x32xf32>
    %s = arith.mulf %s0, %scv : tensor<64x32xf32>
    %io = tile.iota : tensor<32xindex>
    %base = arith.muli %j, %cBN : index
    %bs = tile.splat %base : index -> tensor<32xindex>
    %pos = arith.addi %io, %bs : tensor<32xindex>
    %lim = tile.splat %cS : index -> tensor<32xindex>
    %ok = arith.cmpi slt, %pos, %lim : tensor<32xindex>
    %ok2 = tile.expand_dims %ok dim 0 : tensor<32xi1> -> tensor<1x32xi1>
    %okb = tile.broadcast %ok2 : tensor<1x32xi1> -> tensor<64x32xi1>
    %ninfs = tile.splat %ninf : f32 -> tensor<64x32xf32>
    %sm = arith.select %okb, %s, %ninfs : tensor<64x32xi1>, tensor<64x32xf32>
    %bm = tile.reduce max %sm dim 1 : tensor<64x32xf32> -> tensor<64xf32>
    %mn = arith.maximumf %m, %bm : tensor<64xf32>
    %mn2 = tile.expand_dims %mn dim 1 : tensor<64xf32> -> tensor<64x1xf32>
    %mnb = tile.broadcast %mn2 : tensor<64x1xf32> -> tensor<64x32xf32>
    %d = arith.subf %sm, %mnb : tensor<64x32xf32>
    %p = math.exp2 %d : tensor<64x32xf32>
    %ps = tile.reduce sum %p dim 1 : tensor<64x32xf32> -> tensor<64xf32>
    %dm = arith.subf %m, %mn : tensor<64xf32>
    %alpha = math.exp2 %dm : tensor<64xf32>
    %la = arith.mulf %l, %alpha : tensor<64xf32>
    %ln = arith.addf %la, %ps : tensor<64xf32>
    %al2 = tile.expand_dims %alpha dim 1 : tensor<64xf32> -> tensor<64x1xf32>
    %alb = tile.broadcast %al2 : tensor<64x1xf32> -> tensor<64x64xf32>
    %accs = arith.mulf %acc, %alb : tensor<64x64xf32>
    %pb = tile.cast %p : tensor<64x32xf32> -> tensor<64x32xbf16>
    %an = tile.dot %pb, %vb, %accs : tensor<64x32xbf16>, tensor<32x64xbf16> -> tensor<64x64xf32>
    scf.yield %mn, %ln, %an : tensor<64xf32>, tensor<64xf32>, tensor<64x64xf32>
  }
  %l2 = tile.expand_dims %r#1 dim 1 : tensor<64xf32> -> tensor<64x1xf32>
  %lb = tile.broadcast %l2 : tensor<64x1xf32> -> tensor<64x64xf32>
  %out = arith.divf %r#2, %lb : tensor<64x64xf32>
  %outb = tile.cast %out : tensor<64x64xf32> -> tensor<64x64xbf16>
  tile.store %outb, %O[%i, %c0] bounds_check : tensor<64x64xbf16>, !tile.view<72x64xbf16>
  tile.return
}
func.func @attn(%q: memref<1x2x72x64xbf16>, %k: memref<1x1x72x64xbf16>, %v: memref<1x1x72x64xbf16>, %o: memref<1x2x72x64xbf16>) {
  %nq = arith.constant 2 : index
  %nbh = arith.constant 2 : index
  tile.launch @attn_kernel grid [%nq, %nbh] (%q, %k, %v, %o) : memref<1x2x72x64xbf16>, memref<1x1x72x64xbf16>, memref<1x1x72x64xbf16>, memref<1x2x72x64xbf16>
  return
}

