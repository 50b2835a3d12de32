// Flash attention written as a tile kernel (one head, 40 queries and 300
// keys of dimension 32, blocks of 8 queries and 256 keys): the loop over
// key blocks carries the running max m, the running sum l and the
// accumulator acc, and keys past the end are masked to -inf. tile-to-tpu
// makes the loop the trailing arbitrary grid axis with m, l and acc in
// VMEM scratch.

func.func private @printMemrefF32(tensor<*xf32>)

tile.func @flash_kernel(%q: memref<40x32xf32>, %k: memref<300x32xf32>, %v: memref<300x32xf32>, %o: memref<40x32xf32>) grid [parallel] {
  %i = tile.program_id 0 : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cb = arith.constant 256 : index
  %cn = arith.constant 300 : index
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %scale = arith.constant 0.176776695 : f32
  %Q = tile.view %q : memref<40x32xf32> -> !tile.view<40x32xf32>
  %K = tile.view %k : memref<300x32xf32> -> !tile.view<300x32xf32>
  %V = tile.view %v : memref<300x32xf32> -> !tile.view<300x32xf32>
  %O = tile.view %o : memref<40x32xf32> -> !tile.view<40x32xf32>
  %qb = tile.load %Q[%i, %c0] pad zero : !tile.view<40x32xf32> -> tensor<8x32xf32>
  %m0 = tile.splat %ninf : f32 -> tensor<8xf32>
  %l0 = tile.splat %zero : f32 -> tensor<8xf32>
  %a0 = tile.splat %zero : f32 -> tensor<8x32xf32>
  %nk = tile.num_blocks %K dim 0 block 256 : !tile.view<300x32xf32>
  %r:3 = scf.for %j = %c0 to %nk step %c1 iter_args(%m = %m0, %l = %l0, %acc = %a0) -> (tensor<8xf32>, tensor<8xf32>, tensor<8x32xf32>) {
    %kb = tile.load %K[%j, %c0] pad zero : !tile.view<300x32xf32> -> tensor<256x32xf32>
    %vb = tile.load %V[%j, %c0] pad zero : !tile.view<300x32xf32> -> tensor<256x32xf32>
    %kt = tile.transpose %kb [1, 0] : tensor<256x32xf32> -> tensor<32x256xf32>
    %sz = tile.splat %zero : f32 -> tensor<8x256xf32>
    %s0 = tile.dot %qb, %kt, %sz : tensor<8x32xf32>, tensor<32x256xf32> -> tensor<8x256xf32>
    %scv = tile.splat %scale : f32 -> tensor<8x256xf32>
    %s = arith.mulf %s0, %scv : tensor<8x256xf32>
    %io = tile.iota : tensor<256xindex>
    %base = arith.muli %j, %cb : index
    %bs = tile.splat %base : index -> tensor<256xindex>
    %pos = arith.addi %io, %bs : tensor<256xindex>
    %lim = tile.splat %cn : index -> tensor<256xindex>
    %ok = arith.cmpi slt, %pos, %lim : tensor<256xindex>
    %ok2 = tile.expand_dims %ok dim 0 : tensor<256xi1> -> tensor<1x256xi1>
    %okb = tile.broadcast %ok2 : tensor<1x256xi1> -> tensor<8x256xi1>
    %ninfs = tile.splat %ninf : f32 -> tensor<8x256xf32>
    %sm = arith.select %okb, %s, %ninfs : tensor<8x256xi1>, tensor<8x256xf32>
    %bm = tile.reduce max %sm dim 1 : tensor<8x256xf32> -> tensor<8xf32>
    %mn = arith.maximumf %m, %bm : tensor<8xf32>
    %mn2 = tile.expand_dims %mn dim 1 : tensor<8xf32> -> tensor<8x1xf32>
    %mnb = tile.broadcast %mn2 : tensor<8x1xf32> -> tensor<8x256xf32>
    %d = arith.subf %sm, %mnb : tensor<8x256xf32>
    %p = math.exp %d : tensor<8x256xf32>
    %ps = tile.reduce sum %p dim 1 : tensor<8x256xf32> -> tensor<8xf32>
    %dm = arith.subf %m, %mn : tensor<8xf32>
    %alpha = math.exp %dm : tensor<8xf32>
    %la = arith.mulf %l, %alpha : tensor<8xf32>
    %ln = arith.addf %la, %ps : tensor<8xf32>
    %al2 = tile.expand_dims %alpha dim 1 : tensor<8xf32> -> tensor<8x1xf32>
    %alb = tile.broadcast %al2 : tensor<8x1xf32> -> tensor<8x32xf32>
    %accs = arith.mulf %acc, %alb : tensor<8x32xf32>
    %an = tile.dot %p, %vb, %accs : tensor<8x256xf32>, tensor<256x32xf32> -> tensor<8x32xf32>
    scf.yield %mn, %ln, %an : tensor<8xf32>, tensor<8xf32>, tensor<8x32xf32>
  }
  %l2 = tile.expand_dims %r#1 dim 1 : tensor<8xf32> -> tensor<8x1xf32>
  %lb = tile.broadcast %l2 : tensor<8x1xf32> -> tensor<8x32xf32>
  %out = arith.divf %r#2, %lb : tensor<8x32xf32>
  tile.store %out, %O[%i, %c0] bounds_check : tensor<8x32xf32>, !tile.view<40x32xf32>
  tile.return
}

func.func @flash(%q: tensor<40x32xf32>, %k: tensor<300x32xf32>, %v: tensor<300x32xf32>) -> tensor<40x32xf32> {
  %c5 = arith.constant 5 : index
  %qm = bufferization.to_buffer %q read_only : tensor<40x32xf32> to memref<40x32xf32>
  %km = bufferization.to_buffer %k read_only : tensor<300x32xf32> to memref<300x32xf32>
  %vm = bufferization.to_buffer %v read_only : tensor<300x32xf32> to memref<300x32xf32>
  %om = memref.alloc() : memref<40x32xf32>
  tile.launch @flash_kernel grid [%c5] (%qm, %km, %vm, %om) : memref<40x32xf32>, memref<300x32xf32>, memref<300x32xf32>, memref<40x32xf32>
  %r = bufferization.to_tensor %om restrict writable : memref<40x32xf32> to tensor<40x32xf32>
  return %r : tensor<40x32xf32>
}

func.func @main() {
  %q0 = arith.constant dense<0.25> : tensor<40x32xf32>
  %k0 = arith.constant dense<0.5> : tensor<300x32xf32>
  %v0 = arith.constant dense<1.5> : tensor<300x32xf32>
  %o = call @flash(%q0, %k0, %v0) : (tensor<40x32xf32>, tensor<300x32xf32>, tensor<300x32xf32>) -> tensor<40x32xf32>
  %u = tensor.cast %o : tensor<40x32xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
