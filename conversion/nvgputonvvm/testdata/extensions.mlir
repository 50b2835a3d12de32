// The Strata extensions of nvgpu, and the bf16 mma.sync that upstream
// lowers after LLVM 22 (mlir-opt-22 says "failed to deduce operand PTX
// types"): bf16 pairs go to nvvm.mma.sync as i32 registers.

// CHECK-LABEL: func.func @extensions
func.func @extensions() -> (i1, index) {
  // CHECK: nvvm.setmaxregister  increase 232
  nvgpu.setmaxnreg increase 232
  // CHECK: nvvm.setmaxregister  decrease 40
  nvgpu.setmaxnreg decrease 40
  // CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
  nvgpu.fence.proxy.async
  // CHECK: %[[E:.+]] = nvvm.elect.sync -> i1
  %e = nvgpu.elect.sync -> i1
  // CHECK: %[[T:.+]] = nvvm.read.ptx.sreg.tid.x : i32
  // CHECK: %[[C:.+]] = llvm.mlir.constant(128 : i32) : i32
  // CHECK: %[[W:.+]] = llvm.udiv %[[T]], %[[C]] : i32
  // CHECK: llvm.zext %[[W]] : i32 to i64
  %wg = nvgpu.warpgroup.id
  return %e, %wg : i1, index
}

// CHECK-LABEL: func.func @m16n8k16_bf16
func.func @m16n8k16_bf16(%a: vector<4x2xbf16>, %b: vector<2x2xbf16>, %c: vector<2x2xf32>) -> vector<2x2xf32> {
  // CHECK-COUNT-6: llvm.bitcast %{{.*}} : vector<2xbf16> to i32
  // CHECK: nvvm.mma.sync A[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}]  B[%{{.*}}, %{{.*}}]  C[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}]  {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
  %d = nvgpu.mma.sync (%a, %b, %c) {mmaShape = [16, 8, 16]} : (vector<4x2xbf16>, vector<2x2xbf16>, vector<2x2xf32>) -> vector<2x2xf32>
  return %d : vector<2x2xf32>
}

// An arrival on barrier %id of the group in the block of rank %rank of
// the cluster: the barrier's shared address mapped there, then an
// arrival with PTX's default semantics (a release at CTA scope), no
// cluster-scope release.
// CHECK-LABEL: gpu.func @cluster_arrive
// CHECK: %[[P:.+]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, i64
// CHECK: %[[R:.+]] = llvm.trunc %{{.*}} : i64 to i32
// CHECK: %[[Q:.+]] = nvvm.mapa %[[P]], %[[R]] : !llvm.ptr<3> -> !llvm.ptr<7>
// CHECK-NOT: mem_scope
// CHECK: nvvm.mbarrier.arrive %[[Q]] : !llvm.ptr<7>
// With a predicate, the arrival is an arrive.expect_tx of 0 bytes under
// that predicate, at the mapped address.
// CHECK: %[[Q2:.+]] = nvvm.mapa %{{.*}}, %{{.*}} : !llvm.ptr<3> -> !llvm.ptr<7>
// CHECK: %[[Z:.+]] = llvm.mlir.constant(0 : i32) : i32
// CHECK: nvvm.mbarrier.arrive.expect_tx %[[Q2]], %[[Z]], predicate = %{{.*}} : !llvm.ptr<7>, i32, i1
gpu.module @cluster {
  gpu.func @cluster_arrive(%id: index, %rank: index, %on: i1) kernel {
    %b = nvgpu.mbarrier.create -> !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
    nvgpu.mbarrier.arrive.cluster %b[%id], %rank : !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
    nvgpu.mbarrier.arrive.cluster %b[%id], %rank, predicate = %on : !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
    gpu.return
  }
}
