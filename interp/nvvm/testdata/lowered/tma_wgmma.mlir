// A Hopper GEMM tile at the nvgpu level: D[64x64] = A[64x64] * B[64x64]
// in f16 with an f32 accumulator. The leader thread loads A and B with
// TMA into 128B-swizzled shared memory, completing 16384 bytes on an
// mbarrier the warpgroup waits for; nvgpu.warpgroup.mma with transposeB
// (A K-major, B stored K x N) multiplies them. The host compares D with
// its own product. Small integers: exact. TestLowered runs it as written
// and lowered to nvvm by Strata's passes (TMA copies and four
// wgmma.mma_async m64n64k16 on descriptors); both must print the same.

// CHECK: 0
!map = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!desc = !nvgpu.warpgroup.descriptor<tensor = memref<64x64xf16, 3>>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<64x64xf32>>
!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    memref.global "private" @sa : memref<64x64xf16, 3> {alignment = 1024 : i64}
    memref.global "private" @sb : memref<64x64xf16, 3> {alignment = 1024 : i64}
    gpu.func @gemm(%gd: memref<64x64xf32>, %ta: !map, %tb: !map) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c7 = arith.constant 7 : index
      %c16 = arith.constant 16 : index
      %c64 = arith.constant 64 : index
      %c128 = arith.constant 128 : index
      %c4096 = arith.constant 4096 : index
      %sa = memref.get_global @sa : memref<64x64xf16, 3>
      %sb = memref.get_global @sb : memref<64x64xf16, 3>
      %tid = gpu.thread_id x
      %bar = nvgpu.mbarrier.create -> !bar
      %leader = arith.cmpi eq, %tid, %c0 : index
      nvgpu.mbarrier.init %bar[%c0], %c1, predicate = %leader : !bar
      gpu.barrier
      %bytes = arith.constant 16384 : index
      %ticks = arith.constant 10000000 : index
      %false = arith.constant false
      nvgpu.mbarrier.arrive.expect_tx %bar[%c0], %bytes, predicate = %leader : !bar
      nvgpu.tma.async.load %ta[%c0, %c0], %bar[%c0] to %sa, predicate = %leader : !map, !bar -> memref<64x64xf16, 3>
      nvgpu.tma.async.load %tb[%c0, %c0], %bar[%c0] to %sb, predicate = %leader : !map, !bar -> memref<64x64xf16, 3>
      nvgpu.mbarrier.try_wait.parity %bar[%c0], %false, %ticks : !bar
      nvgpu.fence.proxy.async
      gpu.barrier
      %da = nvgpu.warpgroup.generate.descriptor %sa, %ta : memref<64x64xf16, 3>, !map -> !desc
      %db = nvgpu.warpgroup.generate.descriptor %sb, %tb : memref<64x64xf16, 3>, !map -> !desc
      %z = nvgpu.warpgroup.mma.init.accumulator -> !acc
      %d = nvgpu.warpgroup.mma %da, %db, %z {transposeB, waitGroup = 0} : !desc, !desc, !acc -> !acc
      nvgpu.warpgroup.mma.store %d, %gd : !acc to memref<64x64xf32>
      gpu.return
    }
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %a = memref.alloc() : memref<64x64xf16>
    %b = memref.alloc() : memref<64x64xf16>
    %d = memref.alloc() : memref<64x64xf32>
    // A[i][k] = (i + 3k) % 7 - 3, B[k][j] = (2k + j) % 5 - 2.
    scf.for %i = %c0 to %c64 step %c1 {
      scf.for %j = %c0 to %c64 step %c1 {
        %j3 = arith.muli %j, %c3 : index
        %s = arith.addi %i, %j3 : index
        %m = arith.remui %s, %c7 : index
        %v = arith.index_cast %m : index to i32
        %f = arith.sitofp %v : i32 to f16
        %three = arith.constant 3.0 : f16
        %x = arith.subf %f, %three : f16
        memref.store %x, %a[%i, %j] : memref<64x64xf16>
        %i2 = arith.addi %i, %i : index
        %s2 = arith.addi %i2, %j : index
        %m2 = arith.remui %s2, %c5 : index
        %v2 = arith.index_cast %m2 : index to i32
        %f2 = arith.sitofp %v2 : i32 to f16
        %two = arith.constant 2.0 : f16
        %y = arith.subf %f2, %two : f16
        memref.store %y, %b[%i, %j] : memref<64x64xf16>
      }
    }
    %ua = memref.cast %a : memref<64x64xf16> to memref<*xf16>
    %ub = memref.cast %b : memref<64x64xf16> to memref<*xf16>
    %ta = nvgpu.tma.create.descriptor %ua box[%c64, %c64] : memref<*xf16> -> !map
    %tb = nvgpu.tma.create.descriptor %ub box[%c64, %c64] : memref<*xf16> -> !map
    gpu.launch_func @kernels::@gemm blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%d : memref<64x64xf32>, %ta : !map, %tb : !map)
    %zero = arith.constant 0 : i32
    %wrong = scf.for %i = %c0 to %c64 step %c1 iter_args(%w0 = %zero) -> i32 {
      %w1 = scf.for %j = %c0 to %c64 step %c1 iter_args(%w = %w0) -> i32 {
        %z = arith.constant 0.0 : f32
        %acc = scf.for %k = %c0 to %c64 step %c1 iter_args(%s = %z) -> f32 {
          %x = memref.load %a[%i, %k] : memref<64x64xf16>
          %y = memref.load %b[%k, %j] : memref<64x64xf16>
          %xf = arith.extf %x : f16 to f32
          %yf = arith.extf %y : f16 to f32
          %p = arith.mulf %xf, %yf : f32
          %n = arith.addf %s, %p : f32
          scf.yield %n : f32
        }
        %got = memref.load %d[%i, %j] : memref<64x64xf32>
        %ok = arith.cmpf oeq, %got, %acc : f32
        %one = arith.constant 1 : i32
        %w2 = arith.addi %w, %one : i32
        %w3 = arith.select %ok, %w, %w2 : i32
        scf.yield %w3 : i32
      }
      scf.yield %w1 : i32
    }
    vector.print %wrong : i32
    return
  }
}
