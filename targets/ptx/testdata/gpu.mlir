// RUN: strata-translate --mlir-to-ptx --no-line-info %s | FileCheck %s
// The gpu dialect's identifiers, barrier and shuffle inside an llvm-level
// kernel: indices are 64-bit registers, casts between index and i64 are
// renamings.
// NO-SECOND-OPINION: mlir-translate has no translation of gpu operations inside llvm functions.

// CHECK-LABEL: .visible .entry ids(
// CHECK: mov.u32 [[T:%r[0-9]+]], %tid.x;
// CHECK-NEXT: cvt.u64.u32 [[TID:%rd[0-9]+]], [[T]];
// CHECK: mov.u32 {{%r[0-9]+}}, %ctaid.y;
// CHECK: mov.u32 {{%r[0-9]+}}, %ntid.z;
// CHECK: mov.u32 {{%r[0-9]+}}, %nctaid.x;
// CHECK: mov.u32 {{%r[0-9]+}}, %laneid;
// CHECK: bar.sync 0;
// CHECK: sub.s32 [[S:%r[0-9]+]], 32, [[W:%r[0-9]+]];
// CHECK-NEXT: shr.u32 [[M:%r[0-9]+]], -1, [[S]];
// CHECK-NEXT: sub.s32 [[C:%r[0-9]+]], [[W]], 1;
// CHECK-NEXT: shfl.sync.bfly.b32 {{%f[0-9]+}}|{{%p[0-9]+}}, {{%f[0-9]+}}, {{%r[0-9]+}}, [[C]], [[M]];
// CHECK: mad.lo.s64 {{%rd[0-9]+}}, [[TID]], 4,
module {
  llvm.func @ids(%x: f32, %off: i32, %w: i32, %p: !llvm.ptr<1>) attributes {gpu.kernel} {
    %tid = gpu.thread_id x
    %bid = gpu.block_id y
    %bdim = gpu.block_dim z
    %gdim = gpu.grid_dim x
    %lane = gpu.lane_id
    gpu.barrier
    %s, %valid = gpu.shuffle xor %x, %off, %w : f32
    %t = builtin.unrealized_conversion_cast %tid : index to i64
    %q = llvm.getelementptr %p[%t] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
    llvm.store %s, %q : f32, !llvm.ptr<1>
    llvm.return
  }
}
