// The form linalg-to-tile gives attention: one FlashAttention kernel
// with an online softmax. This is the lowered form of a causal bf16
// multi-head program softmax(Q K^T / sqrt(16), causal) V on Q, K, V of
// [B, H, S, D] = [1, 2, 100, 16] (bf16 inputs, f32 accumulation, a bf16
// result), with blocks of 64 queries and 32 keys.
//
// Host: the [B, H, S, D] buffers are collapsed to [B*H, S, D]; the grid
// is [query blocks, B*H], both parallel.
// Kernel: the Q block is loaded once; m (running max, in log2 units), l
// (running sum) and acc (f32) are carried by the loops over key blocks;
// scores are scaled by scale*log2(e) in one multiply and exponentiated
// with math.exp2; P is cast to bf16 before the P x V dot. Causal: the
// first loop runs over the key blocks wholly at or below the diagonal
// (and wholly inside the keys) without a mask; the second over the
// diagonal blocks (and a ragged last block) with the mask; blocks above
// the diagonal are never loaded. O = acc / l is stored once, rows past
// the end dropped by bounds_check. For grouped-query attention the K and
// V block index is the B*H index divided by the group size
// (arith.divui), for non-causal attention there is one loop over all key
// blocks (masked only when the key length is not a multiple of the
// block).

#qkv = affine_map<(b, h, s, d) -> (b, h, s, d)>

func.func private @printMemrefF32(tensor<*xf32>)

tile.func @attention_kernel0(%q: memref<2x100x16xbf16>, %k: memref<2x100x16xbf16>, %v: memref<2x100x16xbf16>, %o: memref<2x100x16xbf16>) grid [parallel, parallel] {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c100 = arith.constant 100 : index
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.000000e+00 : f32
  %scale = arith.constant 0.360673755 : f32
  %Q = tile.view %q : memref<2x100x16xbf16> -> !tile.view<2x100x16xbf16>
  %K = tile.view %k : memref<2x100x16xbf16> -> !tile.view<2x100x16xbf16>
  %V = tile.view %v : memref<2x100x16xbf16> -> !tile.view<2x100x16xbf16>
  %O = tile.view %o : memref<2x100x16xbf16> -> !tile.view<2x100x16xbf16>
  %i = tile.program_id 0 : index
  %bh = tile.program_id 1 : index
  %q3 = tile.load %Q[%bh, %i, %c0] pad zero : !tile.view<2x100x16xbf16> -> tensor<1x64x16xbf16>
  %qb = tile.reshape %q3 : tensor<1x64x16xbf16> -> tensor<64x16xbf16>
  %m0 = tile.splat %ninf : f32 -> tensor<64xf32>
  %l0 = tile.splat %zero : f32 -> tensor<64xf32>
  %a0 = tile.splat %zero : f32 -> tensor<64x16xf32>
  %nk = tile.num_blocks %K dim 1 block 32 : !tile.view<2x100x16xbf16>
  // Key blocks [0, nfull): wholly at or below the first query row of the
  // block and wholly inside the keys (3 = 100 / 32 whole blocks).
  // [nfull, nend): the rest up to the last query row of the block.
  %q0 = arith.muli %i, %c64 : index
  %f0 = arith.divui %q0, %c32 : index
  %nfull = arith.minui %f0, %c3 : index
  %q1 = arith.addi %q0, %c64 : index
  %e0 = arith.ceildivui %q1, %c32 : index
  %nend = arith.minui %e0, %nk : index
  %r:3 = scf.for %j = %c0 to %nfull step %c1 iter_args(%m = %m0, %l = %l0, %acc = %a0) -> (tensor<64xf32>, tensor<64xf32>, tensor<64x16xf32>) {
    %k3 = tile.load %K[%bh, %j, %c0] pad zero : !tile.view<2x100x16xbf16> -> tensor<1x32x16xbf16>
    %kb = tile.reshape %k3 : tensor<1x32x16xbf16> -> tensor<32x16xbf16>
    %kt = tile.transpose %kb [1, 0] : tensor<32x16xbf16> -> tensor<16x32xbf16>
    %sz = tile.splat %zero : f32 -> tensor<64x32xf32>
    %s0 = tile.dot %qb, %kt, %sz : tensor<64x16xbf16>, tensor<16x32xbf16> -> tensor<64x32xf32>
    %scv = tile.splat %scale : f32 -> tensor<64x32xf32>
    %s = arith.mulf %s0, %scv : tensor<64x32xf32>
    %bm = tile.reduce max %s dim 1 : tensor<64x32xf32> -> tensor<64xf32>
    %mn = arith.maximumf %m, %bm : tensor<64xf32>
    %mn1 = tile.expand_dims %mn dim 1 : tensor<64xf32> -> tensor<64x1xf32>
    %mnb = tile.broadcast %mn1 : tensor<64x1xf32> -> tensor<64x32xf32>
    %d = arith.subf %s, %mnb : tensor<64x32xf32>
    %p = math.exp2 %d : tensor<64x32xf32>
    %ps = tile.reduce sum %p dim 1 : tensor<64x32xf32> -> tensor<64xf32>
    %dm = arith.subf %m, %mn : tensor<64xf32>
    %alpha = math.exp2 %dm : tensor<64xf32>
    %la = arith.mulf %l, %alpha : tensor<64xf32>
    %ln = arith.addf %la, %ps : tensor<64xf32>
    %al1 = tile.expand_dims %alpha dim 1 : tensor<64xf32> -> tensor<64x1xf32>
    %alb = tile.broadcast %al1 : tensor<64x1xf32> -> tensor<64x16xf32>
    %accs = arith.mulf %acc, %alb : tensor<64x16xf32>
    %pc = tile.cast %p : tensor<64x32xf32> -> tensor<64x32xbf16>
    %v3 = tile.load %V[%bh, %j, %c0] pad zero : !tile.view<2x100x16xbf16> -> tensor<1x32x16xbf16>
    %vb = tile.reshape %v3 : tensor<1x32x16xbf16> -> tensor<32x16xbf16>
    %an = tile.dot %pc, %vb, %accs : tensor<64x32xbf16>, tensor<32x16xbf16> -> tensor<64x16xf32>
    scf.yield %mn, %ln, %an : tensor<64xf32>, tensor<64xf32>, tensor<64x16xf32>
  }
  %r2:3 = scf.for %j = %nfull to %nend step %c1 iter_args(%m = %r#0, %l = %r#1, %acc = %r#2) -> (tensor<64xf32>, tensor<64xf32>, tensor<64x16xf32>) {
    %k3 = tile.load %K[%bh, %j, %c0] pad zero : !tile.view<2x100x16xbf16> -> tensor<1x32x16xbf16>
    %kb = tile.reshape %k3 : tensor<1x32x16xbf16> -> tensor<32x16xbf16>
    %kt = tile.transpose %kb [1, 0] : tensor<32x16xbf16> -> tensor<16x32xbf16>
    %sz = tile.splat %zero : f32 -> tensor<64x32xf32>
    %s0 = tile.dot %qb, %kt, %sz : tensor<64x16xbf16>, tensor<16x32xbf16> -> tensor<64x32xf32>
    %scv = tile.splat %scale : f32 -> tensor<64x32xf32>
    %s1 = arith.mulf %s0, %scv : tensor<64x32xf32>
    // The mask: keys past the end, and keys after the query (causal).
    %kbase = arith.muli %j, %c32 : index
    %kio = tile.iota : tensor<32xindex>
    %kbs = tile.splat %kbase : index -> tensor<32xindex>
    %kpos = arith.addi %kio, %kbs : tensor<32xindex>
    %kp1 = tile.expand_dims %kpos dim 0 : tensor<32xindex> -> tensor<1x32xindex>
    %kp2 = tile.broadcast %kp1 : tensor<1x32xindex> -> tensor<64x32xindex>
    %ninfs = tile.splat %ninf : f32 -> tensor<64x32xf32>
    %lim = tile.splat %c100 : index -> tensor<64x32xindex>
    %in = arith.cmpi slt, %kp2, %lim : tensor<64x32xindex>
    %s2 = arith.select %in, %s1, %ninfs : tensor<64x32xi1>, tensor<64x32xf32>
    %qio = tile.iota : tensor<64xindex>
    %qbs = tile.splat %q0 : index -> tensor<64xindex>
    %qpos = arith.addi %qio, %qbs : tensor<64xindex>
    %qp1 = tile.expand_dims %qpos dim 1 : tensor<64xindex> -> tensor<64x1xindex>
    %qp2 = tile.broadcast %qp1 : tensor<64x1xindex> -> tensor<64x32xindex>
    %vis = arith.cmpi ule, %kp2, %qp2 : tensor<64x32xindex>
    %s = arith.select %vis, %s2, %ninfs : tensor<64x32xi1>, tensor<64x32xf32>
    %bm = tile.reduce max %s dim 1 : tensor<64x32xf32> -> tensor<64xf32>
    %mn = arith.maximumf %m, %bm : tensor<64xf32>
    %mn1 = tile.expand_dims %mn dim 1 : tensor<64xf32> -> tensor<64x1xf32>
    %mnb = tile.broadcast %mn1 : tensor<64x1xf32> -> tensor<64x32xf32>
    %d = arith.subf %s, %mnb : tensor<64x32xf32>
    %p = math.exp2 %d : tensor<64x32xf32>
    %ps = tile.reduce sum %p dim 1 : tensor<64x32xf32> -> tensor<64xf32>
    %dm = arith.subf %m, %mn : tensor<64xf32>
    %alpha = math.exp2 %dm : tensor<64xf32>
    %la = arith.mulf %l, %alpha : tensor<64xf32>
    %ln = arith.addf %la, %ps : tensor<64xf32>
    %al1 = tile.expand_dims %alpha dim 1 : tensor<64xf32> -> tensor<64x1xf32>
    %alb = tile.broadcast %al1 : tensor<64x1xf32> -> tensor<64x16xf32>
    %accs = arith.mulf %acc, %alb : tensor<64x16xf32>
    %pc = tile.cast %p : tensor<64x32xf32> -> tensor<64x32xbf16>
    %v3 = tile.load %V[%bh, %j, %c0] pad zero : !tile.view<2x100x16xbf16> -> tensor<1x32x16xbf16>
    %vb = tile.reshape %v3 : tensor<1x32x16xbf16> -> tensor<32x16xbf16>
    %an = tile.dot %pc, %vb, %accs : tensor<64x32xbf16>, tensor<32x16xbf16> -> tensor<64x16xf32>
    scf.yield %mn, %ln, %an : tensor<64xf32>, tensor<64xf32>, tensor<64x16xf32>
  }
  %lr1 = tile.expand_dims %r2#1 dim 1 : tensor<64xf32> -> tensor<64x1xf32>
  %lrb = tile.broadcast %lr1 : tensor<64x1xf32> -> tensor<64x16xf32>
  %of = arith.divf %r2#2, %lrb : tensor<64x16xf32>
  %ob = tile.cast %of : tensor<64x16xf32> -> tensor<64x16xbf16>
  %o3 = tile.reshape %ob : tensor<64x16xbf16> -> tensor<1x64x16xbf16>
  tile.store %o3, %O[%bh, %i, %c0] bounds_check : tensor<1x64x16xbf16>, !tile.view<2x100x16xbf16>
  tile.return
}

func.func @attention(%q: tensor<1x2x100x16xbf16>, %k: tensor<1x2x100x16xbf16>, %v: tensor<1x2x100x16xbf16>) -> tensor<1x2x100x16xbf16> {
  %c2 = arith.constant 2 : index
  %nq = arith.constant 2 : index
  %qm = bufferization.to_buffer %q read_only : tensor<1x2x100x16xbf16> to memref<1x2x100x16xbf16>
  %km = bufferization.to_buffer %k read_only : tensor<1x2x100x16xbf16> to memref<1x2x100x16xbf16>
  %vm = bufferization.to_buffer %v read_only : tensor<1x2x100x16xbf16> to memref<1x2x100x16xbf16>
  %om = memref.alloc() : memref<1x2x100x16xbf16>
  %qc = memref.collapse_shape %qm [[0, 1], [2], [3]] : memref<1x2x100x16xbf16> into memref<2x100x16xbf16>
  %kc = memref.collapse_shape %km [[0, 1], [2], [3]] : memref<1x2x100x16xbf16> into memref<2x100x16xbf16>
  %vc = memref.collapse_shape %vm [[0, 1], [2], [3]] : memref<1x2x100x16xbf16> into memref<2x100x16xbf16>
  %oc = memref.collapse_shape %om [[0, 1], [2], [3]] : memref<1x2x100x16xbf16> into memref<2x100x16xbf16>
  tile.launch @attention_kernel0 grid [%nq, %c2] (%qc, %kc, %vc, %oc) : memref<2x100x16xbf16>, memref<2x100x16xbf16>, memref<2x100x16xbf16>, memref<2x100x16xbf16>
  %r = bufferization.to_tensor %om restrict writable : memref<1x2x100x16xbf16> to tensor<1x2x100x16xbf16>
  return %r : tensor<1x2x100x16xbf16>
}

// fill makes a [1, 2, 100, 16] bf16 tensor of sin(a * (flat index)).
func.func @fill(%a: f32) -> tensor<1x2x100x16xbf16> {
  %e = tensor.empty() : tensor<1x2x100x16xbf16>
  %r = linalg.generic {indexing_maps = [#qkv], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      outs(%e : tensor<1x2x100x16xbf16>) {
  ^bb0(%out: bf16):
    %h = linalg.index 1 : index
    %s = linalg.index 2 : index
    %d = linalg.index 3 : index
    %c16 = arith.constant 16 : index
    %c1600 = arith.constant 1600 : index
    %x = arith.muli %h, %c1600 : index
    %y = arith.muli %s, %c16 : index
    %xy = arith.addi %x, %y : index
    %n = arith.addi %xy, %d : index
    %ni = arith.index_cast %n : index to i32
    %nf = arith.sitofp %ni : i32 to f32
    %t = arith.mulf %nf, %a : f32
    %v = math.sin %t : f32
    %vb = arith.truncf %v : f32 to bf16
    linalg.yield %vb : bf16
  } -> tensor<1x2x100x16xbf16>
  return %r : tensor<1x2x100x16xbf16>
}

func.func @main() {
  %a = arith.constant 0.37 : f32
  %b = arith.constant 0.11 : f32
  %c = arith.constant 0.53 : f32
  %q = call @fill(%a) : (f32) -> tensor<1x2x100x16xbf16>
  %k = call @fill(%b) : (f32) -> tensor<1x2x100x16xbf16>
  %v = call @fill(%c) : (f32) -> tensor<1x2x100x16xbf16>
  %o = call @attention(%q, %k, %v) : (tensor<1x2x100x16xbf16>, tensor<1x2x100x16xbf16>, tensor<1x2x100x16xbf16>) -> tensor<1x2x100x16xbf16>
  %e = tensor.empty() : tensor<1x2x100x16xf32>
  %of = linalg.generic {indexing_maps = [#qkv, #qkv], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%o : tensor<1x2x100x16xbf16>) outs(%e : tensor<1x2x100x16xf32>) {
  ^bb0(%x: bf16, %out: f32):
    %y = arith.extf %x : bf16 to f32
    linalg.yield %y : f32
  } -> tensor<1x2x100x16xf32>
  %u = tensor.cast %of : tensor<1x2x100x16xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
