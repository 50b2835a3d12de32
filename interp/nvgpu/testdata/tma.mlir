// TMA loads into shared memory (memref.globals of address space 3, one
// per block) completing the transaction bytes of an mbarrier, which all
// 128 threads wait for: a 64x8 box, a box half out of the tensor (zero
// filled) and an 8x64 f16 box with the 128-byte swizzle.
!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!mapA = !nvgpu.tensormap.descriptor<tensor = memref<64x8xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
!mapS = !nvgpu.tensormap.descriptor<tensor = memref<8x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
module {
  memref.global "private" @sA : memref<64x8xf32, 3>
  memref.global "private" @sB : memref<64x8xf32, 3>
  memref.global "private" @sS : memref<8x64xf16, 3>
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %A = memref.alloc() : memref<64x8xf32>
    %S = memref.alloc() : memref<8x64xf16>
    scf.for %i = %c0 to %c64 step %c1 {
      scf.for %j = %c0 to %c8 step %c1 {
        // A[i][j] = j + 100 i, S[j][i] = 64 j + i.
        %x = arith.constant 100 : index
        %xi = arith.muli %i, %x : index
        %v = arith.addi %xi, %j : index
        %vi = arith.index_cast %v : index to i32
        %vf = arith.sitofp %vi : i32 to f32
        memref.store %vf, %A[%i, %j] : memref<64x8xf32>
        %s0 = arith.muli %j, %c64 : index
        %s = arith.addi %s0, %i : index
        %si = arith.index_cast %s : index to i32
        %sf = arith.sitofp %si : i32 to f16
        memref.store %sf, %S[%j, %i] : memref<8x64xf16>
      }
    }
    %uA = memref.cast %A : memref<64x8xf32> to memref<*xf32>
    %uS = memref.cast %S : memref<8x64xf16> to memref<*xf16>
    %mA = nvgpu.tma.create.descriptor %uA box[%c64, %c8] : memref<*xf32> -> !mapA
    %mS = nvgpu.tma.create.descriptor %uS box[%c8, %c64] : memref<*xf16> -> !mapS
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
      %sA = memref.get_global @sA : memref<64x8xf32, 3>
      %sB = memref.get_global @sB : memref<64x8xf32, 3>
      %sS = memref.get_global @sS : memref<8x64xf16, 3>
      %b = nvgpu.mbarrier.create -> !bar
      %first = arith.cmpi eq, %tx, %c0 : index
      nvgpu.mbarrier.init %b[%c0], %sx, predicate = %first : !bar
      gpu.barrier
      scf.if %first {
        %tx_bytes = arith.constant 5120 : index
        nvgpu.mbarrier.arrive.expect_tx %b[%c0], %tx_bytes : !bar
        nvgpu.tma.async.load %mA[%c0, %c0], %b[%c0] to %sA : !mapA, !bar -> memref<64x8xf32, 3>
        nvgpu.tma.async.load %mA[%c0, %c32], %b[%c0] to %sB : !mapA, !bar -> memref<64x8xf32, 3>
        nvgpu.tma.async.load %mS[%c0, %c0], %b[%c0] to %sS : !mapS, !bar -> memref<8x64xf16, 3>
      } else {
        nvgpu.mbarrier.arrive.expect_tx %b[%c0], %c0 : !bar
      }
      %phase = arith.constant false
      %ticks = arith.constant 1000000 : index
      nvgpu.mbarrier.try_wait.parity %b[%c0], %phase, %ticks : !bar
      %c127 = arith.constant 127 : index
      %print = arith.cmpi eq, %tx, %c127 : index
      scf.if %print {
        %c3 = arith.constant 3 : index
        %c5 = arith.constant 5 : index
        %c7 = arith.constant 7 : index
        %c10 = arith.constant 10 : index
        %c17 = arith.constant 17 : index
        %c40 = arith.constant 40 : index
        %c45 = arith.constant 45 : index
        %a = memref.load %sA[%c45, %c7] : memref<64x8xf32, 3>
        %b1 = memref.load %sB[%c10, %c7] : memref<64x8xf32, 3>
        %b2 = memref.load %sB[%c40, %c7] : memref<64x8xf32, 3>
        %s1 = memref.load %sS[%c1, %c0] : memref<8x64xf16, 3>
        %s2 = memref.load %sS[%c3, %c17] : memref<8x64xf16, 3>
        %s3 = memref.load %sS[%c0, %c5] : memref<8x64xf16, 3>
        vector.print %a : f32
        vector.print %b1 : f32
        vector.print %b2 : f32
        vector.print %s1 : f16
        vector.print %s2 : f16
        vector.print %s3 : f16
      }
      gpu.terminator
    }
    return
  }
}
// A[45][7] = 4507.
// CHECK: 4507
// The box at row 32: sB[10] is A[42], sB[40] is row 72, out of the tensor.
// CHECK-NEXT: 4207
// CHECK-NEXT: 0
// 128-byte swizzle: S[r][c] lands at row r, column ((c / 8) xor (r % 8)) * 8
// + c % 8: sS[1][0] = S[1][8] = 72, sS[3][17] = S[3][9] = 201, sS[0][5] = 5.
// CHECK-NEXT: 72
// CHECK-NEXT: 201
// CHECK-NEXT: 5
