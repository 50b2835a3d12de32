// One warpgroup computes D = A * B (64x64 by 64x128, f16, f32
// accumulator) as the sm90 GEMM of upstream's integration tests does: TMA
// loads A and the two 64-column halves of B into shared memory with the
// 128-byte swizzle, an mbarrier waits for their bytes, and
// nvgpu.warpgroup.mma reads them through descriptors (B is stored K x N,
// N contiguous: transposeB); each thread stores its fragments. The result is compared with linalg.matmul.
// A[i][k] = (i + 3k) % 7, B[k][n] = (n + 2k) % 5.
!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!mapA = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!mapB = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<64x128xf32>>
module {
  memref.global "private" @sA : memref<64x64xf16, 3>
  memref.global "private" @sB : memref<64x128xf16, 3>
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %A = memref.alloc() : memref<64x64xf16>
    %B = memref.alloc() : memref<64x128xf16>
    %D = memref.alloc() : memref<64x128xf32>
    scf.for %i = %c0 to %c64 step %c1 {
      scf.for %k = %c0 to %c64 step %c1 {
        %k3 = arith.muli %k, %c3 : index
        %s = arith.addi %i, %k3 : index
        %r = arith.remui %s, %c7 : index
        %ri = arith.index_cast %r : index to i32
        %rf = arith.sitofp %ri : i32 to f16
        memref.store %rf, %A[%i, %k] : memref<64x64xf16>
      }
    }
    scf.for %k = %c0 to %c64 step %c1 {
      scf.for %n = %c0 to %c128 step %c1 {
        %k2 = arith.muli %k, %c2 : index
        %s = arith.addi %n, %k2 : index
        %r = arith.remui %s, %c5 : index
        %ri = arith.index_cast %r : index to i32
        %rf = arith.sitofp %ri : i32 to f16
        memref.store %rf, %B[%k, %n] : memref<64x128xf16>
      }
    }
    %uA = memref.cast %A : memref<64x64xf16> to memref<*xf16>
    %uB = memref.cast %B : memref<64x128xf16> to memref<*xf16>
    %mA = nvgpu.tma.create.descriptor %uA box[%c64, %c64] : memref<*xf16> -> !mapA
    %mB = nvgpu.tma.create.descriptor %uB box[%c64, %c64] : memref<*xf16> -> !mapB
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
      %sA = memref.get_global @sA : memref<64x64xf16, 3>
      %sB = memref.get_global @sB : memref<64x128xf16, 3>
      %halves = memref.reinterpret_cast %sB to offset: [0], sizes: [2, 64, 64], strides: [4096, 64, 1] : memref<64x128xf16, 3> to memref<2x64x64xf16, 3>
      %h0 = memref.subview %halves[0, 0, 0] [1, 64, 64] [1, 1, 1] : memref<2x64x64xf16, 3> to memref<64x64xf16, strided<[64, 1]>, 3>
      %h1 = memref.subview %halves[1, 0, 0] [1, 64, 64] [1, 1, 1] : memref<2x64x64xf16, 3> to memref<64x64xf16, strided<[64, 1], offset: 4096>, 3>
      %b = nvgpu.mbarrier.create -> !bar
      %first = arith.cmpi eq, %tx, %c0 : index
      nvgpu.mbarrier.init %b[%c0], %c1, predicate = %first : !bar
      gpu.barrier
      scf.if %first {
        // 3 boxes of 64x64 f16.
        %bytes = arith.constant 24576 : index
        nvgpu.mbarrier.arrive.expect_tx %b[%c0], %bytes : !bar
        nvgpu.tma.async.load %mA[%c0, %c0], %b[%c0] to %sA : !mapA, !bar -> memref<64x64xf16, 3>
        nvgpu.tma.async.load %mB[%c0, %c0], %b[%c0] to %h0 : !mapB, !bar -> memref<64x64xf16, strided<[64, 1]>, 3>
        nvgpu.tma.async.load %mB[%c64, %c0], %b[%c0] to %h1 : !mapB, !bar -> memref<64x64xf16, strided<[64, 1], offset: 4096>, 3>
      }
      %phase = arith.constant false
      %ticks = arith.constant 1000000 : index
      nvgpu.mbarrier.try_wait.parity %b[%c0], %phase, %ticks : !bar
      %dA = nvgpu.warpgroup.generate.descriptor %sA, %mA : memref<64x64xf16, 3>, !mapA -> !nvgpu.warpgroup.descriptor<tensor = memref<64x64xf16, 3>>
      %dB = nvgpu.warpgroup.generate.descriptor %sB, %mB : memref<64x128xf16, 3>, !mapB -> !nvgpu.warpgroup.descriptor<tensor = memref<64x128xf16, 3>>
      %zero = nvgpu.warpgroup.mma.init.accumulator -> !acc
      %d = nvgpu.warpgroup.mma %dA, %dB, %zero {transposeB} : !nvgpu.warpgroup.descriptor<tensor = memref<64x64xf16, 3>>, !nvgpu.warpgroup.descriptor<tensor = memref<64x128xf16, 3>>, !acc -> !acc
      nvgpu.warpgroup.mma.store %d, %D : !acc to memref<64x128xf32>
      gpu.terminator
    }
    %Af = memref.alloc() : memref<64x64xf32>
    %Bf = memref.alloc() : memref<64x128xf32>
    %R = memref.alloc() : memref<64x128xf32>
    scf.for %i = %c0 to %c64 step %c1 {
      scf.for %k = %c0 to %c64 step %c1 {
        %x = memref.load %A[%i, %k] : memref<64x64xf16>
        %e = arith.extf %x : f16 to f32
        memref.store %e, %Af[%i, %k] : memref<64x64xf32>
      }
      scf.for %n = %c0 to %c128 step %c1 {
        %x = memref.load %B[%i, %n] : memref<64x128xf16>
        %e = arith.extf %x : f16 to f32
        memref.store %e, %Bf[%i, %n] : memref<64x128xf32>
      }
    }
    %fz = arith.constant 0.0 : f32
    linalg.fill ins(%fz : f32) outs(%R : memref<64x128xf32>)
    linalg.matmul ins(%Af, %Bf : memref<64x64xf32>, memref<64x128xf32>) outs(%R : memref<64x128xf32>)
    %z = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %bad = scf.for %i = %c0 to %c64 step %c1 iter_args(%n = %z) -> (i32) {
      %n2 = scf.for %j = %c0 to %c128 step %c1 iter_args(%m = %n) -> (i32) {
        %r = memref.load %R[%i, %j] : memref<64x128xf32>
        %u = memref.load %D[%i, %j] : memref<64x128xf32>
        %ne = arith.cmpf une, %r, %u : f32
        %d = arith.select %ne, %one, %z : i32
        %m2 = arith.addi %m, %d : i32
        scf.yield %m2 : i32
      }
      scf.yield %n2 : i32
    }
    vector.print %bad : i32
    %d00 = memref.load %D[%c0, %c0] : memref<64x128xf32>
    vector.print %d00 : f32
    return
  }
}
// No element differs from linalg.matmul's.
// CHECK: 0
// D[0][0] = sum over k < 64 of ((3k) % 7) * ((2k) % 5).
// CHECK-NEXT: 374
