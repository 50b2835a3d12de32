// RUN: strata-translate --mlir-to-ptx --no-line-info %s | FileCheck %s
// Shared memory that a tensor copy writes or a wgmma descriptor reads is
// aligned to 1024 bytes: a box that does not start on 128 bytes faults
// (CUDA_ERROR_MISALIGNED_ADDRESS), and a swizzled one must start on the
// pattern's repeat. The emitter follows the addresses back to the shared
// variables they point into: through getelementptr, casts, the integer
// arithmetic of a descriptor and the block arguments of a loop. The
// mbarrier and the array that only ordinary loads read keep their own
// alignment; every zero-sized shared array names the dynamic shared
// memory, so they all take the largest alignment.

// CHECK: .shared .align 8 .b8 bar[8];
// CHECK: .shared .align 1024 .b8 box[2048];
// CHECK: .shared .align 4 .b8 plain[256];
// CHECK: .extern .shared .align 1024 .b8 dyn[];
// CHECK: .extern .shared .align 1024 .b8 acc[];
// CHECK: .shared .align 4 .b8 tail[64];
// CHECK-LABEL: .visible .entry tma(
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes
// CHECK-LABEL: .visible .entry mma(
// CHECK: wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">] {
    llvm.mlir.global private @bar() {addr_space = 3 : i32, alignment = 8 : i64} : !llvm.array<1 x i64>
    llvm.mlir.global private @box() {addr_space = 3 : i32} : !llvm.array<64 x array<8 x f32>>
    llvm.mlir.global private @plain() {addr_space = 3 : i32} : !llvm.array<64 x f32>
    llvm.mlir.global private @dyn() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x f16>
    llvm.mlir.global private @acc() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x f32>
    llvm.mlir.global private @tail() {addr_space = 3 : i32} : !llvm.array<16 x f32>
    llvm.func @tma(%map: !llvm.ptr, %out: !llvm.ptr<1>) attributes {nvvm.kernel} {
      %c0 = llvm.mlir.constant(0 : i32) : i32
      %c1 = llvm.mlir.constant(1 : i64) : i64
      %bar = llvm.mlir.addressof @bar : !llvm.ptr<3>
      %box = llvm.mlir.addressof @box : !llvm.ptr<3>
      %row = llvm.getelementptr %box[0, 0, 0] : (!llvm.ptr<3>) -> !llvm.ptr<3>, !llvm.array<64 x array<8 x f32>>
      %dst = llvm.addrspacecast %row : !llvm.ptr<3> to !llvm.ptr<7>
      nvvm.cp.async.bulk.tensor.shared.cluster.global %dst, %map, %bar, box[%c0, %c0] : !llvm.ptr<7>, !llvm.ptr
      %plain = llvm.mlir.addressof @plain : !llvm.ptr<3>
      %p = llvm.getelementptr %plain[%c1] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
      %v = llvm.load %p : !llvm.ptr<3> -> f32
      llvm.store %v, %out : f32, !llvm.ptr<1>
      llvm.return
    }
    llvm.func @mma(%n: i64, %d2: i64, %c: f32, %out: !llvm.ptr<1>) attributes {nvvm.kernel} {
      %c0 = llvm.mlir.constant(0 : i64) : i64
      %c4 = llvm.mlir.constant(4 : i64) : i64
      %c1 = llvm.mlir.constant(1 : i64) : i64
      %mask = llvm.mlir.constant(262143 : i64) : i64
      %swz = llvm.mlir.constant(4611686018427387904 : i64) : i64
      %stride = llvm.mlir.constant(4096 : i64) : i64
      %dyn = llvm.mlir.addressof @dyn : !llvm.ptr<3>
      %u = llvm.mlir.undef : !llvm.struct<(f32, f32, f32, f32)>
      %a0 = llvm.insertvalue %c, %u[0] : !llvm.struct<(f32, f32, f32, f32)>
      %a1 = llvm.insertvalue %c, %a0[1] : !llvm.struct<(f32, f32, f32, f32)>
      %a2 = llvm.insertvalue %c, %a1[2] : !llvm.struct<(f32, f32, f32, f32)>
      %acc0 = llvm.insertvalue %c, %a2[3] : !llvm.struct<(f32, f32, f32, f32)>
      llvm.br ^loop(%c0, %dyn, %acc0 : i64, !llvm.ptr<3>, !llvm.struct<(f32, f32, f32, f32)>)
    ^loop(%i: i64, %ptr: !llvm.ptr<3>, %acc: !llvm.struct<(f32, f32, f32, f32)>):
      %addr = llvm.ptrtoint %ptr : !llvm.ptr<3> to i64
      %low = llvm.and %addr, %mask : i64
      %enc = llvm.lshr %low, %c4 : i64
      %d1 = llvm.or %enc, %swz : i64
      nvvm.wgmma.fence.aligned
      %r = nvvm.wgmma.mma_async %d1, %d2, %acc, <m = 64, n = 8, k = 16>, D [<f32>, <one>, <wrapped>], A [<bf16>, <one>, <row>], B [<bf16>, <one>, <row>] : !llvm.struct<(f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32)>
      nvvm.wgmma.commit.group.sync.aligned
      nvvm.wgmma.wait.group.sync.aligned 0
      %next = llvm.getelementptr %ptr[%stride] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, i8
      %i1 = llvm.add %i, %c1 : i64
      %more = llvm.icmp "slt" %i1, %n : i64
      llvm.cond_br %more, ^loop(%i1, %next, %r : i64, !llvm.ptr<3>, !llvm.struct<(f32, f32, f32, f32)>), ^done
    ^done:
      %r0 = llvm.extractvalue %r[0] : !llvm.struct<(f32, f32, f32, f32)>
      %accs = llvm.mlir.addressof @acc : !llvm.ptr<3>
      llvm.store %r0, %accs : f32, !llvm.ptr<3>
      llvm.store %r0, %out : f32, !llvm.ptr<1>
      llvm.return
    }
  }
}
