// RUN: strata-opt --pass-pipeline='builtin.module(gpu.module(convert-gpu-to-rocdl))' %s | FileCheck %s

// A kernel with a known block size reading its identifiers, with
// shuffles and a math call, lowered to rocdl: ranges from the launch
// sizes, the work group size attributes, a swizzle for the xor shuffle
// within 32 lanes, mbcnt and ds_bpermute for the other and OCML for the
// math.

// CHECK: gpu.module @kernels attributes {llvm.data_layout = "e-p:64:64
gpu.module @kernels {
  // CHECK: llvm.func @k(%{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64) attributes {gpu.kernel, gpu.known_block_size = array<i32: 64, 4, 1>, rocdl.flat_work_group_size = "256,256", rocdl.kernel, rocdl.reqd_work_group_size = array<i32: 64, 4, 1>}
  gpu.func @k(%out: memref<256xf32>) kernel attributes {known_block_size = array<i32: 64, 4, 1>} {
    %w = arith.constant 64 : i32
    %off = arith.constant 1 : i32
    %c64 = arith.constant 64 : index
    // CHECK: rocdl.workitem.id.x range <i32, 0, 64> : i32
    %tx = gpu.thread_id x
    // CHECK: rocdl.workitem.id.y range <i32, 0, 4> : i32
    %ty = gpu.thread_id y
    %row = arith.muli %ty, %c64 : index
    %i = arith.addi %row, %tx : index
    %v = memref.load %out[%i] : memref<256xf32>
    // CHECK: llvm.call @__ocml_sin_f32
    %s = math.sin %v : f32
    // CHECK: rocdl.ds_swizzle %{{.*}}, %{{.*}} : (i32, i32) -> i32
    %x, %px = gpu.shuffle xor %s, %off, %w : f32
    // CHECK: rocdl.mbcnt.lo
    // CHECK: rocdl.mbcnt.hi
    // CHECK: rocdl.ds_bpermute
    %r, %p = gpu.shuffle down %x, %off, %w : f32
    // CHECK: rocdl.barrier
    gpu.barrier
    memref.store %r, %out[%i] : memref<256xf32>
    gpu.return
  }
}
