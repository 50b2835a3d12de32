llvm.func @sregs() -> i32 {
  %0 = nvvm.read.ptx.sreg.tid.x range <i32, 0, 64> : i32
  %1 = nvvm.read.ptx.sreg.laneid : i32
  %2 = nvvm.read.ptx.sreg.clock64 : i64
  %3 = nvvm.read.ptx.sreg.lanemask.eq : i32
  %4 = nvvm.read.ptx.sreg.envreg3 : i32
  %5 = nvvm.read.ptx.sreg.dynamic.smem.size : i32
  %6 = nvvm.read.ptx.sreg.cluster.ctarank : i32
  llvm.return %0 : i32
}
llvm.func @sync(%a: i32, %p: i1, %ptr: !llvm.ptr, %sp: !llvm.ptr<3>, %gp: !llvm.ptr<1>, %c: i64, %h: i16) {
  %e = nvvm.elect.sync -> i1
  %e2 = nvvm.elect.sync %a -> i1
  %m = nvvm.match.sync any %a, %a : i32 -> i32
  nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
  nvvm.fence.proxy {kind = #nvvm.proxy_kind<alias>}
  nvvm.fence.mbarrier.init
  nvvm.fence.proxy.acquire #nvvm.mem_scope<sys> %ptr, %a
  nvvm.fence.proxy.release #nvvm.mem_scope<cta>
  nvvm.setmaxregister increase 232
  nvvm.setmaxregister decrease 40
  nvvm.nanosleep %a
  nvvm.exit
  nvvm.breakpoint
  nvvm.griddepcontrol wait
  nvvm.griddepcontrol launch_dependents
  nvvm.cp.async.mbarrier.arrive %sp : !llvm.ptr<3>
  nvvm.cp.async.mbarrier.arrive %ptr {noinc = true} : !llvm.ptr
  nvvm.mbarrier.init %sp, %a : !llvm.ptr<3>, i32
  nvvm.mbarrier.init %sp, %a, predicate = %p : !llvm.ptr<3>, i32, i1
  nvvm.mbarrier.inval %sp : !llvm.ptr<3>
  %t = nvvm.mbarrier.arrive %sp : !llvm.ptr<3> -> i64
  %t2 = nvvm.mbarrier.arrive.nocomplete %sp, %a : !llvm.ptr<3>, i32 -> i64
  nvvm.mbarrier.arrive.expect_tx %sp, %a : !llvm.ptr<3>, i32
  nvvm.mbarrier.arrive.expect_tx %sp, %a, predicate = %p : !llvm.ptr<3>, i32, i1
  nvvm.mbarrier.try_wait.parity %sp, %a, %a : !llvm.ptr<3>, i32, i32
  %w = nvvm.mbarrier.test.wait %sp, %c : !llvm.ptr<3>, i64 -> i1
  nvvm.cp.async.bulk.commit.group
  nvvm.cp.async.bulk.wait_group 1
  nvvm.cp.async.bulk.wait_group 0 {read}
  nvvm.cp.async.bulk.tensor.global.shared.cta %ptr, %sp, box[%a, %a] : !llvm.ptr, !llvm.ptr<3>
  nvvm.cp.async.bulk.tensor.global.shared.cta %ptr, %sp, box[%a, %a], predicate = %p : !llvm.ptr, !llvm.ptr<3>
  nvvm.cp.async.bulk.tensor.prefetch %ptr, box[%a, %a] : !llvm.ptr
  nvvm.prefetch tensormap, %ptr : !llvm.ptr
  nvvm.prefetch level = L2, %gp : !llvm.ptr<1>
  nvvm.wgmma.fence.aligned
  nvvm.wgmma.commit.group.sync.aligned
  nvvm.wgmma.wait.group.sync.aligned 1
  nvvm.cp.async.bulk.global.shared.cta %gp, %sp, %a : !llvm.ptr<1>, !llvm.ptr<3>
  nvvm.barrier.arrive id = %a number_of_threads = %a
  llvm.return
}
llvm.func @tma(%dst: !llvm.ptr<3>, %dst7: !llvm.ptr<7>, %desc: !llvm.ptr, %bar: !llvm.ptr<3>, %a: i32, %h: i16, %c: i64, %p: i1) {
  nvvm.cp.async.bulk.tensor.shared.cluster.global %dst7, %desc, %bar, box[%a, %a] : !llvm.ptr<7>, !llvm.ptr
  nvvm.cp.async.bulk.tensor.shared.cluster.global %dst7, %desc, %bar, box[%a, %a] multicast_mask = %h l2_cache_hint = %c predicate = %p : !llvm.ptr<7>, !llvm.ptr
  nvvm.cp.async.bulk.tensor.shared.cluster.global %dst, %desc, %bar, box[%a, %a] {isCTAOnly = true} : !llvm.ptr<3>, !llvm.ptr
  llvm.return
}
llvm.func @mat(%sp: !llvm.ptr<3>, %a: i32, %d1: i64, %d2: i64, %acc: !llvm.struct<(f32, f32, f32, f32)>) {
  %l = nvvm.ldmatrix %sp {num = 4 : i32, layout = #nvvm.mma_layout<row>, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>, eltType = #nvvm.ld_st_matrix_elt_type<b16>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>
  %l1 = nvvm.ldmatrix %sp {num = 1 : i32, layout = #nvvm.mma_layout<col>, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>, eltType = #nvvm.ld_st_matrix_elt_type<b16>} : (!llvm.ptr<3>) -> i32
  nvvm.stmatrix %sp, %a, %a {layout = #nvvm.mma_layout<row>, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>, eltType = #nvvm.ld_st_matrix_elt_type<b16>} : !llvm.ptr<3>, i32, i32
  %r = nvvm.wgmma.mma_async %d1, %d2, %acc, <m = 64, n = 8, k = 16>, D [<f32>, <one>, <wrapped>], A [<bf16>, <one>, <row>], B [<bf16>, <one>, <row>] : !llvm.struct<(f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32)>
  %mp = nvvm.mapa %sp, %a : !llvm.ptr<3> -> !llvm.ptr<7>
  nvvm.inline_ptx "mbarrier.init.b64 [$0], $1;" ro (%sp, %a : !llvm.ptr<3>, i32)
  llvm.return
}
gpu.module @m [#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">] {
}
llvm.func @barrier_reduce(%a: i32, %p: i32) -> i32 {
  nvvm.barrier id = %a
  %0 = nvvm.barrier #nvvm.reduction<popc> %p -> i32
  llvm.return %0 : i32
}
