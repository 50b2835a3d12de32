// Remote arrivals in a cluster of two blocks: only block 0 arrives, once
// on its own barrier (rank 0) and once on block 1's (rank 1), through
// nvgpu.mbarrier.arrive.cluster; each barrier expects one arrival, so
// that block 1 gets past its wait only through block 0's remote arrival.
// Each block then writes 10 r + 7 to out[r], which the host prints.
!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @signal(%out: memref<2xi32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %ticks = arith.constant 10000000 : index
      %false = arith.constant false
      %bar = nvgpu.mbarrier.create -> !bar
      %tid = gpu.thread_id x
      %rank = gpu.cluster_block_id x
      %leader = arith.cmpi eq, %tid, %c0 : index
      nvgpu.mbarrier.init %bar[%c0], %c1, predicate = %leader : !bar
      nvvm.fence.mbarrier.init
      nvvm.cluster.arrive
      nvvm.cluster.wait
      %first = arith.cmpi eq, %rank, %c0 : index
      %signals = arith.andi %leader, %first : i1
      scf.if %signals {
        nvgpu.mbarrier.arrive.cluster %bar[%c0], %c0 : !bar
        nvgpu.mbarrier.arrive.cluster %bar[%c0], %c1 : !bar
      }
      nvgpu.mbarrier.try_wait.parity %bar[%c0], %false, %ticks : !bar
      scf.if %leader {
        %r = arith.index_cast %rank : index to i32
        %ten = arith.constant 10 : i32
        %seven = arith.constant 7 : i32
        %v0 = arith.muli %r, %ten : i32
        %v = arith.addi %v0, %seven : i32
        memref.store %v, %out[%rank] : memref<2xi32>
      }
      // Neither block leaves while the other may still arrive on it.
      nvvm.cluster.arrive
      nvvm.cluster.wait
      gpu.return
    }
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    %out = memref.alloc() : memref<2xi32>
    gpu.launch_func @kernels::@signal clusters in (%c2, %c1, %c1) blocks in (%c2, %c1, %c1) threads in (%c32, %c1, %c1) args(%out : memref<2xi32>)
    %a = memref.load %out[%c0] : memref<2xi32>
    %b = memref.load %out[%c1] : memref<2xi32>
    vector.print %a : i32
    vector.print %b : i32
    return
  }
}
// CHECK: 7
// CHECK-NEXT: 17
