// A TMA round trip at the nvgpu level: the leader thread of one block
// initializes an mbarrier, expects the 8192 bytes of a 64x64 f16 box and
// loads the box at column 64, row 0 of a 128x128 tensor into 128B-swizzled
// shared memory; every thread waits for the phase; after an async-proxy
// fence the leader stores the box at column 0, row 64 of another tensor.
// The host counts the elements of the second tensor that differ from
// what they should hold (the box moved, zeros elsewhere). TestLowered
// runs it as written and lowered to nvvm by Strata's passes; both must
// print the same.

// CHECK: 0
!map = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    memref.global "private" @tile : memref<64x64xf16, 3> {alignment = 1024 : i64}
    gpu.func @move(%in: !map, %out: !map) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %bytes = arith.constant 8192 : index
      %ticks = arith.constant 10000000 : index
      %false = arith.constant false
      %s = memref.get_global @tile : memref<64x64xf16, 3>
      %bar = nvgpu.mbarrier.create -> !bar
      %tid = gpu.thread_id x
      %leader = arith.cmpi eq, %tid, %c0 : index
      nvgpu.mbarrier.init %bar[%c0], %c1, predicate = %leader : !bar
      gpu.barrier
      nvgpu.mbarrier.arrive.expect_tx %bar[%c0], %bytes, predicate = %leader : !bar
      nvgpu.tma.async.load %in[%c64, %c0], %bar[%c0] to %s, predicate = %leader : !map, !bar -> memref<64x64xf16, 3>
      nvgpu.mbarrier.try_wait.parity %bar[%c0], %false, %ticks : !bar
      nvgpu.fence.proxy.async
      gpu.barrier
      nvgpu.tma.async.store %s to %out[%c0, %c64], predicate = %leader : memref<64x64xf16, 3> -> !map
      gpu.return
    }
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c7 = arith.constant 7 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %a = memref.alloc() : memref<128x128xf16>
    %b = memref.alloc() : memref<128x128xf16>
    %fz = arith.constant 0.0 : f16
    scf.for %i = %c0 to %c128 step %c1 {
      scf.for %j = %c0 to %c128 step %c1 {
        %s = arith.addi %i, %j : index
        %m = arith.remui %s, %c7 : index
        %i1 = arith.addi %m, %c1 : index
        %v = arith.index_cast %i1 : index to i32
        %f = arith.sitofp %v : i32 to f16
        memref.store %f, %a[%i, %j] : memref<128x128xf16>
        memref.store %fz, %b[%i, %j] : memref<128x128xf16>
      }
    }
    %ua = memref.cast %a : memref<128x128xf16> to memref<*xf16>
    %ub = memref.cast %b : memref<128x128xf16> to memref<*xf16>
    %ta = nvgpu.tma.create.descriptor %ua box[%c64, %c64] : memref<*xf16> -> !map
    %tb = nvgpu.tma.create.descriptor %ub box[%c64, %c64] : memref<*xf16> -> !map
    gpu.launch_func @kernels::@move blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1) args(%ta : !map, %tb : !map)
    %zero = arith.constant 0 : i32
    %wrong = scf.for %i = %c0 to %c128 step %c1 iter_args(%w0 = %zero) -> i32 {
      %w1 = scf.for %j = %c0 to %c128 step %c1 iter_args(%w = %w0) -> i32 {
        %inRows = arith.cmpi uge, %i, %c64 : index
        %inCols = arith.cmpi ult, %j, %c64 : index
        %inBox = arith.andi %inRows, %inCols : i1
        %si = arith.subi %i, %c64 : index
        %sj = arith.addi %j, %c64 : index
        %srcI = arith.select %inBox, %si, %c0 : index
        %srcJ = arith.select %inBox, %sj, %c0 : index
        %want0 = memref.load %a[%srcI, %srcJ] : memref<128x128xf16>
        %want = arith.select %inBox, %want0, %fz : f16
        %got = memref.load %b[%i, %j] : memref<128x128xf16>
        %ok = arith.cmpf oeq, %got, %want : f16
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
