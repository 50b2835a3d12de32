// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// Round trip of the nvvm dialect: special registers with ranges, warp
// collectives, barriers and fences, mbarriers, cp.async and TMA bulk copies,
// ldmatrix/stmatrix, wgmma, clusters, inline PTX and #nvvm.target.

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
  nvvm.mbarrier.arrive %dst7 {scope = #nvvm.mem_scope<cluster>} : !llvm.ptr<7>
  nvvm.mbarrier.arrive %dst7, %a : !llvm.ptr<7>
  nvvm.mbarrier.arrive %bar, %a {relaxed = true} : !llvm.ptr<3>
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

// CHECK-LABEL: llvm.func @sregs
// CHECK: %0 = nvvm.read.ptx.sreg.tid.x range <i32, 0, 64> : i32
// CHECK: %1 = nvvm.read.ptx.sreg.laneid : i32
// CHECK: %2 = nvvm.read.ptx.sreg.clock64 : i64
// CHECK: %3 = nvvm.read.ptx.sreg.lanemask.eq : i32
// CHECK: %4 = nvvm.read.ptx.sreg.envreg3 : i32
// CHECK: %5 = nvvm.read.ptx.sreg.dynamic.smem.size : i32
// CHECK: %6 = nvvm.read.ptx.sreg.cluster.ctarank : i32
// CHECK-LABEL: llvm.func @sync
// CHECK: %0 = nvvm.elect.sync -> i1
// CHECK: %1 = nvvm.elect.sync %arg0 -> i1
// CHECK: %2 = nvvm.match.sync  any %arg0, %arg0 : i32 -> i32
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<alias>}
// CHECK: nvvm.fence.mbarrier.init
// CHECK: nvvm.fence.proxy.acquire <sys> %arg2, %arg0
// CHECK: nvvm.fence.proxy.release <cta>
// CHECK: nvvm.setmaxregister  increase 232
// CHECK: nvvm.setmaxregister  decrease 40
// CHECK: nvvm.nanosleep %arg0
// CHECK: nvvm.exit
// CHECK: nvvm.breakpoint
// CHECK: nvvm.griddepcontrol  wait
// CHECK: nvvm.griddepcontrol  launch_dependents
// CHECK: nvvm.cp.async.mbarrier.arrive %arg3 : !llvm.ptr<3>
// CHECK: nvvm.cp.async.mbarrier.arrive %arg2 {noinc = true} : !llvm.ptr
// CHECK: nvvm.mbarrier.init %arg3, %arg0 : !llvm.ptr<3>, i32
// CHECK: nvvm.mbarrier.init %arg3, %arg0, predicate = %arg1 : !llvm.ptr<3>, i32, i1
// CHECK: nvvm.mbarrier.inval %arg3 : !llvm.ptr<3>
// CHECK: %3 = nvvm.mbarrier.arrive %arg3 : !llvm.ptr<3> -> i64
// CHECK: %4 = nvvm.mbarrier.arrive.nocomplete %arg3, %arg0 : !llvm.ptr<3>, i32 -> i64
// CHECK: nvvm.mbarrier.arrive.expect_tx %arg3, %arg0 : !llvm.ptr<3>, i32
// CHECK: nvvm.mbarrier.arrive.expect_tx %arg3, %arg0, predicate = %arg1 : !llvm.ptr<3>, i32, i1
// CHECK: nvvm.mbarrier.try_wait.parity %arg3, %arg0, %arg0 : !llvm.ptr<3>, i32, i32
// CHECK: %5 = nvvm.mbarrier.test.wait %arg3, %arg5 : !llvm.ptr<3>, i64 -> i1
// CHECK: nvvm.cp.async.bulk.commit.group
// CHECK: nvvm.cp.async.bulk.wait_group 1
// CHECK: nvvm.cp.async.bulk.wait_group 0 {read}
// CHECK: nvvm.cp.async.bulk.tensor.global.shared.cta %arg2, %arg3, box[%arg0, %arg0] : !llvm.ptr, <3>
// CHECK: nvvm.cp.async.bulk.tensor.global.shared.cta %arg2, %arg3, box[%arg0, %arg0], predicate = %arg1 : !llvm.ptr, <3>
// CHECK: nvvm.cp.async.bulk.tensor.prefetch %arg2, box[%arg0, %arg0] : !llvm.ptr
// CHECK: nvvm.prefetch tensormap, %arg2 : !llvm.ptr
// CHECK: nvvm.prefetch level =  L2, %arg4 : !llvm.ptr<1>
// CHECK: nvvm.wgmma.fence.aligned
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK: nvvm.wgmma.wait.group.sync.aligned 1
// CHECK: nvvm.cp.async.bulk.global.shared.cta %arg4, %arg3, %arg0 : <1>, <3>
// CHECK: nvvm.barrier.arrive id = %arg0 number_of_threads = %arg0
// CHECK-LABEL: llvm.func @tma
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %arg1, %arg2, %arg3, box[%arg4, %arg4] : !llvm.ptr<7>, !llvm.ptr
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %arg1, %arg2, %arg3, box[%arg4, %arg4] multicast_mask = %arg5 l2_cache_hint = %arg6 predicate = %arg7 : !llvm.ptr<7>, !llvm.ptr
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %arg0, %arg2, %arg3, box[%arg4, %arg4] {isCTAOnly = true} : !llvm.ptr<3>, !llvm.ptr
// CHECK: nvvm.mbarrier.arrive %arg1 {scope = #nvvm.mem_scope<cluster>} : !llvm.ptr<7>
// CHECK: nvvm.mbarrier.arrive %arg1, %arg4 : !llvm.ptr<7>
// CHECK: nvvm.mbarrier.arrive %arg3, %arg4 {relaxed = true} : !llvm.ptr<3>{{$}}
// CHECK-LABEL: llvm.func @mat
// CHECK: %0 = nvvm.ldmatrix %arg0 {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK: %1 = nvvm.ldmatrix %arg0 {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<col>, num = 1 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : (!llvm.ptr<3>) -> i32
// CHECK: nvvm.stmatrix %arg0, %arg1, %arg1 {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : !llvm.ptr<3>, i32, i32
// CHECK: %2 = nvvm.wgmma.mma_async %arg2, %arg3, %arg4, <m = 64, n = 8, k = 16>, D[<f32>, <one>, <wrapped>], A[<bf16>, <one>, <row>], B[<bf16>, <one>, <row>] : !llvm.struct<(f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK: %3 = nvvm.mapa %arg0, %arg1 : !llvm.ptr<3> -> !llvm.ptr<7>
// CHECK: nvvm.inline_ptx "mbarrier.init.b64 [$0], $1;" ro(%arg0, %arg1 : !llvm.ptr<3>, i32)
// CHECK: gpu.module @m [#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">] {
// CHECK-LABEL: llvm.func @barrier_reduce
// CHECK: nvvm.barrier id = %arg0
// CHECK: %0 = nvvm.barrier #nvvm.reduction<popc> %arg1 -> i32

// GENERIC: %11 = "nvvm.read.ptx.sreg.tid.x"() <{range = #llvm.constant_range<i32, 0, 64>}> : () -> i32
// GENERIC: %12 = "nvvm.read.ptx.sreg.laneid"() : () -> i32
// GENERIC: %13 = "nvvm.read.ptx.sreg.clock64"() : () -> i64
// GENERIC: %14 = "nvvm.read.ptx.sreg.lanemask.eq"() : () -> i32
// GENERIC: %15 = "nvvm.read.ptx.sreg.envreg3"() : () -> i32
// GENERIC: %16 = "nvvm.read.ptx.sreg.dynamic.smem.size"() : () -> i32
// GENERIC: %17 = "nvvm.read.ptx.sreg.cluster.ctarank"() : () -> i32
// GENERIC: %5 = "nvvm.elect.sync"() : () -> i1
// GENERIC: %6 = "nvvm.elect.sync"(%arg15) : (i32) -> i1
// GENERIC: %7 = "nvvm.match.sync"(%arg15, %arg15) <{kind = #nvvm<match_sync_kind any>}> : (i32, i32) -> i32
// GENERIC: "nvvm.fence.proxy"() <{kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}> : () -> ()
// GENERIC: "nvvm.fence.proxy"() <{kind = #nvvm.proxy_kind<alias>}> : () -> ()
// GENERIC: "nvvm.fence.mbarrier.init"() : () -> ()
// GENERIC: "nvvm.fence.proxy.acquire"(%arg17, %arg15) <{fromProxy = #nvvm.proxy_kind<generic>, scope = #nvvm.mem_scope<sys>, toProxy = #nvvm.proxy_kind<tensormap>}> : (!llvm.ptr, i32) -> ()
// GENERIC: "nvvm.fence.proxy.release"() <{fromProxy = #nvvm.proxy_kind<generic>, scope = #nvvm.mem_scope<cta>, toProxy = #nvvm.proxy_kind<tensormap>}> : () -> ()
// GENERIC: "nvvm.setmaxregister"() <{action = #nvvm<action increase>, regCount = 232 : i32}> : () -> ()
// GENERIC: "nvvm.setmaxregister"() <{action = #nvvm<action decrease>, regCount = 40 : i32}> : () -> ()
// GENERIC: "nvvm.nanosleep"(%arg15) : (i32) -> ()
// GENERIC: "nvvm.exit"() : () -> ()
// GENERIC: "nvvm.breakpoint"() : () -> ()
// GENERIC: "nvvm.griddepcontrol"() <{kind = #nvvm<grid_dep_action wait>}> : () -> ()
// GENERIC: "nvvm.griddepcontrol"() <{kind = #nvvm<grid_dep_action launch_dependents>}> : () -> ()
// GENERIC: "nvvm.cp.async.mbarrier.arrive"(%arg18) <{noinc = false}> : (!llvm.ptr<3>) -> ()
// GENERIC: "nvvm.cp.async.mbarrier.arrive"(%arg17) <{noinc = true}> : (!llvm.ptr) -> ()
// GENERIC: "nvvm.mbarrier.init"(%arg18, %arg15) : (!llvm.ptr<3>, i32) -> ()
// GENERIC: "nvvm.mbarrier.init"(%arg18, %arg15, %arg16) : (!llvm.ptr<3>, i32, i1) -> ()
// GENERIC: "nvvm.mbarrier.inval"(%arg18) : (!llvm.ptr<3>) -> ()
// GENERIC: %8 = "nvvm.mbarrier.arrive"(%arg18) <{relaxed = false, scope = #nvvm.mem_scope<cta>}> : (!llvm.ptr<3>) -> i64
// GENERIC: %9 = "nvvm.mbarrier.arrive.nocomplete"(%arg18, %arg15) : (!llvm.ptr<3>, i32) -> i64
// GENERIC: "nvvm.mbarrier.arrive.expect_tx"(%arg18, %arg15) <{relaxed = false, scope = #nvvm.mem_scope<cta>}> : (!llvm.ptr<3>, i32) -> ()
// GENERIC: "nvvm.mbarrier.arrive.expect_tx"(%arg18, %arg15, %arg16) <{relaxed = false, scope = #nvvm.mem_scope<cta>}> : (!llvm.ptr<3>, i32, i1) -> ()
// GENERIC: "nvvm.mbarrier.try_wait.parity"(%arg18, %arg15, %arg15) : (!llvm.ptr<3>, i32, i32) -> ()
// GENERIC: %10 = "nvvm.mbarrier.test.wait"(%arg18, %arg20) <{relaxed = false, scope = #nvvm.mem_scope<cta>}> : (!llvm.ptr<3>, i64) -> i1
// GENERIC: "nvvm.cp.async.bulk.commit.group"() : () -> ()
// GENERIC: "nvvm.cp.async.bulk.wait_group"() <{group = 1 : i32}> : () -> ()
// GENERIC: "nvvm.cp.async.bulk.wait_group"() <{group = 0 : i32, read}> : () -> ()
// GENERIC: "nvvm.cp.async.bulk.tensor.global.shared.cta"(%arg17, %arg18, %arg15, %arg15) <{mode = #nvvm.tma_store_mode<tile>, operandSegmentSizes = array<i32: 1, 1, 2, 0, 0>}> : (!llvm.ptr, !llvm.ptr<3>, i32, i32) -> ()
// GENERIC: "nvvm.cp.async.bulk.tensor.global.shared.cta"(%arg17, %arg18, %arg15, %arg15, %arg16) <{mode = #nvvm.tma_store_mode<tile>, operandSegmentSizes = array<i32: 1, 1, 2, 0, 1>}> : (!llvm.ptr, !llvm.ptr<3>, i32, i32, i1) -> ()
// GENERIC: "nvvm.cp.async.bulk.tensor.prefetch"(%arg17, %arg15, %arg15) <{mode = #nvvm.tma_load_mode<tile>, operandSegmentSizes = array<i32: 1, 2, 0, 0>}> : (!llvm.ptr, i32, i32) -> ()
// GENERIC: "nvvm.prefetch"(%arg17) <{tensormap}> : (!llvm.ptr) -> ()
// GENERIC: "nvvm.prefetch"(%arg19) <{cacheLevel = #nvvm<prefetch_cache_level L2>}> : (!llvm.ptr<1>) -> ()
// GENERIC: "nvvm.wgmma.fence.aligned"() : () -> ()
// GENERIC: "nvvm.wgmma.commit.group.sync.aligned"() : () -> ()
// GENERIC: "nvvm.wgmma.wait.group.sync.aligned"() <{group = 1 : i64}> : () -> ()
// GENERIC: "nvvm.cp.async.bulk.global.shared.cta"(%arg19, %arg18, %arg15) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>}> : (!llvm.ptr<1>, !llvm.ptr<3>, i32) -> ()
// GENERIC: "nvvm.barrier.arrive"(%arg15, %arg15) : (i32, i32) -> ()
// GENERIC: "nvvm.cp.async.bulk.tensor.shared.cluster.global"(%arg8, %arg9, %arg11, %arg11, %arg10) <{isCTAOnly = false, mode = #nvvm.tma_load_mode<tile>, operandSegmentSizes = array<i32: 1, 1, 2, 1, 0, 0, 0, 0>}> : (!llvm.ptr<7>, !llvm.ptr, i32, i32, !llvm.ptr<3>) -> ()
// GENERIC: "nvvm.cp.async.bulk.tensor.shared.cluster.global"(%arg8, %arg9, %arg11, %arg11, %arg10, %arg12, %arg13, %arg14) <{isCTAOnly = false, mode = #nvvm.tma_load_mode<tile>, operandSegmentSizes = array<i32: 1, 1, 2, 1, 0, 1, 1, 1>}> : (!llvm.ptr<7>, !llvm.ptr, i32, i32, !llvm.ptr<3>, i16, i64, i1) -> ()
// GENERIC: "nvvm.cp.async.bulk.tensor.shared.cluster.global"(%arg7, %arg9, %arg11, %arg11, %arg10) <{isCTAOnly = true, mode = #nvvm.tma_load_mode<tile>, operandSegmentSizes = array<i32: 1, 1, 2, 1, 0, 0, 0, 0>}> : (!llvm.ptr<3>, !llvm.ptr, i32, i32, !llvm.ptr<3>) -> ()
// GENERIC: "nvvm.mbarrier.arrive"(%arg8) <{relaxed = false, scope = #nvvm.mem_scope<cluster>}> : (!llvm.ptr<7>) -> ()
// GENERIC: "nvvm.mbarrier.arrive"(%arg8, %arg11) <{relaxed = false, scope = #nvvm.mem_scope<cta>}> : (!llvm.ptr<7>, i32) -> ()
// GENERIC: "nvvm.mbarrier.arrive"(%arg10, %arg11) <{relaxed = true, scope = #nvvm.mem_scope<cta>}> : (!llvm.ptr<3>, i32) -> ()
// GENERIC: %1 = "nvvm.ldmatrix"(%arg2) <{eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>}> : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>
// GENERIC: %2 = "nvvm.ldmatrix"(%arg2) <{eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<col>, num = 1 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>}> : (!llvm.ptr<3>) -> i32
// GENERIC: "nvvm.stmatrix"(%arg2, %arg3, %arg3) <{eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>}> : (!llvm.ptr<3>, i32, i32) -> ()
// GENERIC: %3 = "nvvm.wgmma.mma_async"(%arg6, %arg4, %arg5) <{layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<row>, satfinite = #nvvm.mma_int_overflow<wrapped>, scaleA = #nvvm.wgmma_scale_in<one>, scaleB = #nvvm.wgmma_scale_in<one>, scaleD = #nvvm.wgmma_scale_out<one>, shape = #nvvm.shape<m = 64, n = 8, k = 16>, typeA = #nvvm.wgmma_type<bf16>, typeB = #nvvm.wgmma_type<bf16>, typeD = #nvvm.wgmma_type<f32>}> : (!llvm.struct<(f32, f32, f32, f32)>, i64, i64) -> !llvm.struct<(f32, f32, f32, f32)>
// GENERIC: %4 = "nvvm.mapa"(%arg2, %arg3) : (!llvm.ptr<3>, i32) -> !llvm.ptr<7>
// GENERIC: "nvvm.inline_ptx"(%arg2, %arg3) <{operandSegmentSizes = array<i32: 2, 0, 0>, ptxCode = "mbarrier.init.b64 [$0], $1;"}> : (!llvm.ptr<3>, i32) -> ()
// GENERIC: "nvvm.barrier"(%arg0) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
// GENERIC: %0 = "nvvm.barrier"(%arg1) <{operandSegmentSizes = array<i32: 0, 0, 1>, reductionOp = #nvvm.reduction<popc>}> : (i32) -> i32
