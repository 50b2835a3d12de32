// TMA multicast in a cluster of two blocks: each block loads half of a
// 16x8 tile (rows 8 r to 8 r + 7, r its rank in the cluster) into both
// blocks' shared memory with the multicast mask 0b11, so that each block
// receives the whole tile, its mbarrier expecting the 512 bytes of both
// halves; a cluster barrier after the mbarriers' initialization orders
// it before the other block's copy. Block r then copies its tile to rows
// 16 r to 16 r + 15 of the output, which the host compares with the
// tensor.
!map = !nvgpu.tensormap.descriptor<tensor = memref<8x8xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    memref.global "private" @lo : memref<8x8xf32, 3> {alignment = 1024 : i64}
    memref.global "private" @hi : memref<8x8xf32, 3> {alignment = 1024 : i64}
    gpu.func @share(%in: !map, %out: memref<32x8xf32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c16 = arith.constant 16 : index
      %bytes = arith.constant 512 : index
      %ticks = arith.constant 10000000 : index
      %false = arith.constant false
      %mask = arith.constant 3 : i16
      %lo = memref.get_global @lo : memref<8x8xf32, 3>
      %hi = memref.get_global @hi : memref<8x8xf32, 3>
      %bar = nvgpu.mbarrier.create -> !bar
      %tid = gpu.thread_id x
      %rank = gpu.cluster_block_id x
      %leader = arith.cmpi eq, %tid, %c0 : index
      nvgpu.mbarrier.init %bar[%c0], %c1, predicate = %leader : !bar
      nvvm.cluster.arrive
      nvvm.cluster.wait
      %row = arith.muli %rank, %c8 : index
      nvgpu.mbarrier.arrive.expect_tx %bar[%c0], %bytes, predicate = %leader : !bar
      %first = arith.cmpi eq, %rank, %c0 : index
      scf.if %first {
        nvgpu.tma.async.load %in[%c0, %row], %bar[%c0] to %lo multicast_mask = %mask, predicate = %leader : !map, !bar -> memref<8x8xf32, 3>
      } else {
        nvgpu.tma.async.load %in[%c0, %row], %bar[%c0] to %hi multicast_mask = %mask, predicate = %leader : !map, !bar -> memref<8x8xf32, 3>
      }
      nvgpu.mbarrier.try_wait.parity %bar[%c0], %false, %ticks : !bar
      %base = arith.muli %rank, %c16 : index
      scf.if %leader {
        scf.for %i = %c0 to %c8 step %c1 {
          scf.for %j = %c0 to %c8 step %c1 {
            %v = memref.load %lo[%i, %j] : memref<8x8xf32, 3>
            %w = memref.load %hi[%i, %j] : memref<8x8xf32, 3>
            %oi = arith.addi %base, %i : index
            %oh = arith.addi %oi, %c8 : index
            memref.store %v, %out[%oi, %j] : memref<32x8xf32>
            memref.store %w, %out[%oh, %j] : memref<32x8xf32>
          }
        }
      }
      // Neither block leaves while the other may still multicast into it.
      nvvm.cluster.arrive
      nvvm.cluster.wait
      gpu.return
    }
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %a = memref.alloc() : memref<16x8xf32>
    %out = memref.alloc() : memref<32x8xf32>
    scf.for %i = %c0 to %c16 step %c1 {
      scf.for %j = %c0 to %c8 step %c1 {
        %x = arith.constant 100 : index
        %xi = arith.muli %i, %x : index
        %v = arith.addi %xi, %j : index
        %vi = arith.index_cast %v : index to i32
        %vf = arith.sitofp %vi : i32 to f32
        memref.store %vf, %a[%i, %j] : memref<16x8xf32>
      }
    }
    %ua = memref.cast %a : memref<16x8xf32> to memref<*xf32>
    %ta = nvgpu.tma.create.descriptor %ua box[%c8, %c8] : memref<*xf32> -> !map
    gpu.launch_func @kernels::@share clusters in (%c2, %c1, %c1) blocks in (%c2, %c1, %c1) threads in (%c32, %c1, %c1) args(%ta : !map, %out : memref<32x8xf32>)
    %zero = arith.constant 0 : i32
    %wrong = scf.for %i = %c0 to %c32 step %c1 iter_args(%w0 = %zero) -> i32 {
      %w1 = scf.for %j = %c0 to %c8 step %c1 iter_args(%w = %w0) -> i32 {
        %si = arith.remui %i, %c16 : index
        %want = memref.load %a[%si, %j] : memref<16x8xf32>
        %got = memref.load %out[%i, %j] : memref<32x8xf32>
        %ok = arith.cmpf oeq, %got, %want : f32
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
// CHECK: 0
