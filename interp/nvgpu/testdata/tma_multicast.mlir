// TMA multicast in a cluster of two blocks: each block loads half of a
// 16x8 tile (its rows 8 r to 8 r + 7, r its rank) into both blocks'
// shared memory with the multicast mask 0b11, so that each block
// receives the whole tile; its mbarrier expects the 512 bytes of the two
// halves. A cluster barrier after the mbarriers' initialization orders
// it before the other block's copies, as on the device.
!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!map = !nvgpu.tensormap.descriptor<tensor = memref<8x8xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
module {
  memref.global "private" @sT : memref<16x8xf32, 3>
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %A = memref.alloc() : memref<16x8xf32>
    scf.for %i = %c0 to %c16 step %c1 {
      scf.for %j = %c0 to %c8 step %c1 {
        // A[i][j] = j + 100 i.
        %x = arith.constant 100 : index
        %xi = arith.muli %i, %x : index
        %v = arith.addi %xi, %j : index
        %vi = arith.index_cast %v : index to i32
        %vf = arith.sitofp %vi : i32 to f32
        memref.store %vf, %A[%i, %j] : memref<16x8xf32>
      }
    }
    %uA = memref.cast %A : memref<16x8xf32> to memref<*xf32>
    %m = nvgpu.tma.create.descriptor %uA box[%c8, %c8] : memref<*xf32> -> !map
    gpu.launch clusters(%cx, %cy, %cz) in (%ncx = %c2, %ncy = %c1, %ncz = %c1)
               blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
      %sT = memref.get_global @sT : memref<16x8xf32, 3>
      %b = nvgpu.mbarrier.create -> !bar
      %first = arith.cmpi eq, %tx, %c0 : index
      nvgpu.mbarrier.init %b[%c0], %c1, predicate = %first : !bar
      nvvm.cluster.arrive
      nvvm.cluster.wait
      %rank = gpu.cluster_block_id x
      scf.if %first {
        %tx_bytes = arith.constant 512 : index
        nvgpu.mbarrier.arrive.expect_tx %b[%c0], %tx_bytes : !bar
        %row = arith.muli %rank, %c8 : index
        %half = memref.subview %sT[%row, 0] [8, 8] [1, 1] : memref<16x8xf32, 3> to memref<8x8xf32, strided<[8, 1], offset: ?>, 3>
        %mask = arith.constant 3 : i16
        nvgpu.tma.async.load %m[%c0, %row], %b[%c0] to %half multicast_mask = %mask : !map, !bar -> memref<8x8xf32, strided<[8, 1], offset: ?>, 3>
      }
      %phase = arith.constant false
      %ticks = arith.constant 1000000 : index
      nvgpu.mbarrier.try_wait.parity %b[%c0], %phase, %ticks : !bar
      %print = arith.cmpi eq, %tx, %c0 : index
      scf.if %print {
        %c3 = arith.constant 3 : index
        %c5 = arith.constant 5 : index
        %c12 = arith.constant 12 : index
        %lo = memref.load %sT[%c3, %c5] : memref<16x8xf32, 3>
        %hi = memref.load %sT[%c12, %c1] : memref<16x8xf32, 3>
        %r = arith.index_cast %rank : index to i32
        vector.print %r : i32
        vector.print %lo : f32
        vector.print %hi : f32
      }
      gpu.terminator
    }
    return
  }
}
// Both blocks hold the two halves (block 1 prints first: the scheduler
// runs the last thread to arrive at the cluster barrier on).
// CHECK: 1
// CHECK-NEXT: 305
// CHECK-NEXT: 1201
// CHECK-NEXT: 0
// CHECK-NEXT: 305
// CHECK-NEXT: 1201
