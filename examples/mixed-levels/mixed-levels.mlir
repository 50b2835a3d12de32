// Mixing levels: RMS normalization of the rows of an 8x128 matrix,
// y = x / sqrt(mean(x^2) + eps) * gamma, written twice as tile kernels.
// @rmsnorm_tile is portable: every operation is a tile operation. In
// @rmsnorm_mixed an expert stages gamma in shared memory by hand, with
// NVIDIA-level operations beside the tile operations: the first warp
// issues cp.async copies of 16 bytes (nvgpu.device_async_copy), waits
// for its group, and gpu.barrier publishes the copy to the block, whose
// tile.load then reads gamma from shared memory. tile-to-nvgpu lowers the
// tile operations and leaves the others as they are; the workgroup
// allocation becomes a workgroup attribution of the kernel. The two
// kernels print the same rows.
//
//   go run ./tools/strata-opt --pass-pipeline='builtin.module(tile-to-nvgpu{chip=sm_80})' \
//       examples/mixed-levels/mixed-levels.mlir | go run ./tools/strata-run -e main_mixed -entry-point-result=void
//
// On an NVIDIA GPU, with strata-run --engine=cuda, which lowers the
// gpu.module (scripts/gpu-test.sh). @main runs the portable kernel alone,
// at any level (the tile-level interpreter too); @main_mixed, which runs
// both, needs the GPU's model (after tile-to-nvgpu).

func.func private @printMemrefF32(memref<*xf32>)

// fill writes x[i, j] = cos(0.7 i - 0.045 j) * (1 + i / 4) and
// gamma[j] = 0.5 + (j mod 7) / 4.
func.func @fill(%x: memref<8x128xf32>, %g: memref<128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %c128 = arith.constant 128 : index
  %a = arith.constant 0.7 : f32
  %b = arith.constant -0.045 : f32
  %q = arith.constant 0.25 : f32
  %h = arith.constant 0.5 : f32
  %one = arith.constant 1.0 : f32
  scf.for %i = %c0 to %c8 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    scf.for %j = %c0 to %c128 step %c1 {
      %jj = arith.index_cast %j : index to i32
      %fj = arith.sitofp %jj : i32 to f32
      %u = arith.mulf %fi, %a : f32
      %v = arith.mulf %fj, %b : f32
      %s = arith.addf %u, %v : f32
      %c = math.cos %s : f32
      %w = arith.mulf %fi, %q : f32
      %w1 = arith.addf %w, %one : f32
      %r = arith.mulf %c, %w1 : f32
      memref.store %r, %x[%i, %j] : memref<8x128xf32>
    }
  }
  scf.for %j = %c0 to %c128 step %c1 {
    %m = arith.remui %j, %c7 : index
    %mi = arith.index_cast %m : index to i32
    %mf = arith.sitofp %mi : i32 to f32
    %mq = arith.mulf %mf, %q : f32
    %gv = arith.addf %mq, %h : f32
    memref.store %gv, %g[%j] : memref<128xf32>
  }
  return
}

// The portable kernel: two rows a program.
tile.func @rmsnorm_tile(%x: memref<8x128xf32>, %g: memref<128xf32>, %y: memref<8x128xf32>) grid [parallel] {
  %p = tile.program_id 0 : index
  %c0 = arith.constant 0 : index
  %n = arith.constant 128.0 : f32
  %eps = arith.constant 1.0e-6 : f32
  %vx = tile.view %x : memref<8x128xf32> -> !tile.view<8x128xf32>
  %vg = tile.view %g : memref<128xf32> -> !tile.view<128xf32>
  %vy = tile.view %y : memref<8x128xf32> -> !tile.view<8x128xf32>
  %a = tile.load %vx[%p, %c0] pad zero : !tile.view<8x128xf32> -> tensor<2x128xf32>
  %sq = arith.mulf %a, %a : tensor<2x128xf32>
  %s = tile.reduce sum %sq dim 1 : tensor<2x128xf32> -> tensor<2xf32>
  %nn = tile.splat %n : f32 -> tensor<2xf32>
  %ms = arith.divf %s, %nn : tensor<2xf32>
  %ee = tile.splat %eps : f32 -> tensor<2xf32>
  %me = arith.addf %ms, %ee : tensor<2xf32>
  %inv = math.rsqrt %me : tensor<2xf32>
  %inv2 = tile.expand_dims %inv dim 1 : tensor<2xf32> -> tensor<2x1xf32>
  %invb = tile.broadcast %inv2 : tensor<2x1xf32> -> tensor<2x128xf32>
  %gt = tile.load %vg[%c0] pad zero : !tile.view<128xf32> -> tensor<128xf32>
  %g2 = tile.expand_dims %gt dim 0 : tensor<128xf32> -> tensor<1x128xf32>
  %gb = tile.broadcast %g2 : tensor<1x128xf32> -> tensor<2x128xf32>
  %r = arith.mulf %a, %invb : tensor<2x128xf32>
  %r2 = arith.mulf %r, %gb : tensor<2x128xf32>
  tile.store %r2, %vy[%p, %c0] bounds_check : tensor<2x128xf32>, !tile.view<8x128xf32>
  tile.return
}

// The same kernel with gamma staged in shared memory by cp.async: the
// copies are issued first, so that they overlap the load and reduction
// of the rows; the group is waited for and published by a barrier just
// before gamma is read.
tile.func @rmsnorm_mixed(%x: memref<8x128xf32>, %g: memref<128xf32>, %y: memref<8x128xf32>) grid [parallel] {
  %p = tile.program_id 0 : index
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  %n = arith.constant 128.0 : f32
  %eps = arith.constant 1.0e-6 : f32
  // NVIDIA level: the first warp copies gamma, 16 bytes a lane.
  %sg = memref.alloca() : memref<128xf32, #gpu.address_space<workgroup>>
  %tid = gpu.thread_id x
  %first = arith.cmpi ult, %tid, %c32 : index
  %off = arith.muli %tid, %c4 : index
  scf.if %first {
    %t = nvgpu.device_async_copy %g[%off], %sg[%off], 4 : memref<128xf32> to memref<128xf32, #gpu.address_space<workgroup>>
    %grp = nvgpu.device_async_create_group %t
    nvgpu.device_async_wait %grp
  }
  // Tile level: the rows and their reduction.
  %vx = tile.view %x : memref<8x128xf32> -> !tile.view<8x128xf32>
  %vy = tile.view %y : memref<8x128xf32> -> !tile.view<8x128xf32>
  %a = tile.load %vx[%p, %c0] pad zero : !tile.view<8x128xf32> -> tensor<2x128xf32>
  %sq = arith.mulf %a, %a : tensor<2x128xf32>
  %s = tile.reduce sum %sq dim 1 : tensor<2x128xf32> -> tensor<2xf32>
  %nn = tile.splat %n : f32 -> tensor<2xf32>
  %ms = arith.divf %s, %nn : tensor<2xf32>
  %ee = tile.splat %eps : f32 -> tensor<2xf32>
  %me = arith.addf %ms, %ee : tensor<2xf32>
  %inv = math.rsqrt %me : tensor<2xf32>
  %inv2 = tile.expand_dims %inv dim 1 : tensor<2xf32> -> tensor<2x1xf32>
  %invb = tile.broadcast %inv2 : tensor<2x1xf32> -> tensor<2x128xf32>
  // NVIDIA level: every thread of the block sees the copy.
  gpu.barrier
  // Tile level again: gamma from shared memory.
  %vg = tile.view %sg : memref<128xf32, #gpu.address_space<workgroup>> -> !tile.view<128xf32>
  %gt = tile.load %vg[%c0] pad zero : !tile.view<128xf32> -> tensor<128xf32>
  %g2 = tile.expand_dims %gt dim 0 : tensor<128xf32> -> tensor<1x128xf32>
  %gb = tile.broadcast %g2 : tensor<1x128xf32> -> tensor<2x128xf32>
  %r = arith.mulf %a, %invb : tensor<2x128xf32>
  %r2 = arith.mulf %r, %gb : tensor<2x128xf32>
  tile.store %r2, %vy[%p, %c0] bounds_check : tensor<2x128xf32>, !tile.view<8x128xf32>
  tile.return
}

// main runs the portable kernel and prints its rows.
func.func @main() {
  %c4 = arith.constant 4 : index
  %x = memref.alloc() : memref<8x128xf32>
  %g = memref.alloc() : memref<128xf32>
  %y = memref.alloc() : memref<8x128xf32>
  call @fill(%x, %g) : (memref<8x128xf32>, memref<128xf32>) -> ()
  tile.launch @rmsnorm_tile grid [%c4] (%x, %g, %y) : memref<8x128xf32>, memref<128xf32>, memref<8x128xf32>
  %u = memref.cast %y : memref<8x128xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %x : memref<8x128xf32>
  memref.dealloc %g : memref<128xf32>
  memref.dealloc %y : memref<8x128xf32>
  return
}

// main_mixed runs both kernels and prints the rows of each.
func.func @main_mixed() {
  %c4 = arith.constant 4 : index
  %x = memref.alloc() : memref<8x128xf32>
  %g = memref.alloc() : memref<128xf32>
  %y = memref.alloc() : memref<8x128xf32>
  %z = memref.alloc() : memref<8x128xf32>
  call @fill(%x, %g) : (memref<8x128xf32>, memref<128xf32>) -> ()
  tile.launch @rmsnorm_tile grid [%c4] (%x, %g, %y) : memref<8x128xf32>, memref<128xf32>, memref<8x128xf32>
  tile.launch @rmsnorm_mixed grid [%c4] (%x, %g, %z) : memref<8x128xf32>, memref<128xf32>, memref<8x128xf32>
  %u = memref.cast %y : memref<8x128xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %v = memref.cast %z : memref<8x128xf32> to memref<*xf32>
  call @printMemrefF32(%v) : (memref<*xf32>) -> ()
  memref.dealloc %x : memref<8x128xf32>
  memref.dealloc %g : memref<128xf32>
  memref.dealloc %y : memref<8x128xf32>
  memref.dealloc %z : memref<8x128xf32>
  return
}
