// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC
// NO-DIFF: Strata's extension of nvgpu for clusters, which mlir-opt-22 does not know.

// A consumer of a cluster of two blocks releases a stage on the "empty"
// barrier of each block: its own (rank 0 here) and the other's.

// CHECK-LABEL: func.func @cluster_release
// CHECK: nvgpu.mbarrier.arrive.cluster %arg0[%arg1], %c0 : <memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
// CHECK: nvgpu.mbarrier.arrive.cluster %arg0[%arg1], %c1 : <memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
// CHECK: nvgpu.mbarrier.arrive.cluster %arg0[%arg1], %arg2, predicate = %arg3 : <memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
// GENERIC: "nvgpu.mbarrier.arrive.cluster"(%arg0, %arg1, %0) : (!nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>, index, index) -> ()
// GENERIC: "nvgpu.mbarrier.arrive.cluster"(%arg0, %arg1, %arg2, %arg3) : (!nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>, index, index, i1) -> ()
func.func @cluster_release(%bars: !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>, %s: index, %rank: index, %on: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  nvgpu.mbarrier.arrive.cluster %bars[%s], %c0 : !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
  nvgpu.mbarrier.arrive.cluster %bars[%s], %c1 : !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
  // Thread %rank of a warpgroup, where %on, on the barrier of block %rank.
  nvgpu.mbarrier.arrive.cluster %bars[%s], %rank, predicate = %on : !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
  return
}
