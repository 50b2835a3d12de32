// RUN: strata-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: strata-opt --allow-unregistered-dialect --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// Round trip of the gpu dialect's custom syntax: modules with targets and
// attributes, kernel and helper functions with workgroup and private
// attributions, the identifiers with their dimensions and bounds,
// shuffles, launches with clusters, shared memory, attributions and
// async tokens, kernel launches and waits.

// CHECK-LABEL: module attributes {gpu.container_module} {
// CHECK: gpu.module @kernels {
// CHECK: gpu.func @kernel_1(%arg0: f32, %arg1: memref<?xf32, 1>) kernel {
// CHECK: %thread_id_x = gpu.thread_id  x
// CHECK: %thread_id_y = gpu.thread_id  y
// CHECK: %thread_id_z = gpu.thread_id  z
// CHECK: %block_id_x = gpu.block_id  x
// CHECK: %block_dim_y = gpu.block_dim  y
// CHECK: %grid_dim_z = gpu.grid_dim  z
// CHECK: %0 = gpu.lane_id
// CHECK: %1 = gpu.lane_id upper_bound 32
// CHECK: %global_id_x = gpu.global_id  x
// CHECK: %thread_id_x_0 = gpu.thread_id  x upper_bound 128
// CHECK: gpu.barrier
// CHECK: %c7_i32 = arith.constant 7 : i32
// CHECK: %c3_i32 = arith.constant 3 : i32
// CHECK: %shuffleResult, %valid = gpu.shuffle  xor %arg0, %c3_i32, %c7_i32 : f32
// CHECK: %shuffleResult_1, %valid_2 = gpu.shuffle  up %arg0, %c3_i32, %c7_i32 : f32
// CHECK: %shuffleResult_3, %valid_4 = gpu.shuffle  down %arg0, %c3_i32, %c7_i32 : f32
// CHECK: %shuffleResult_5, %valid_6 = gpu.shuffle  idx %arg0, %c3_i32, %c7_i32 : f32
// CHECK: gpu.return
// CHECK: gpu.func @kernel_2(%arg0: memref<32xf32, #gpu.address_space<workgroup>>) workgroup(%arg1 : memref<32xf32, #gpu.address_space<workgroup>>) private(%arg2 : memref<1xf32, #gpu.address_space<private>>) kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
// CHECK: gpu.return
// CHECK: gpu.func @helper(%arg0: f32, %arg1: i32) -> f32 {
// CHECK: gpu.return %arg0 : f32
// CHECK: gpu.func @pair(%arg0: f32) -> (f32, f32) {
// CHECK: gpu.return %arg0, %arg0 : f32, f32
// CHECK: gpu.module @with_target [#nvvm.target] {
// CHECK: gpu.module @with_attrs attributes {foo.bar} {
// CHECK: gpu.func @empty() kernel {
// CHECK: gpu.return
// CHECK: func.func @host(%arg0: index, %arg1: f32, %arg2: memref<?xf32, 1>, %arg3: i32, %arg4: i32) {
// CHECK: gpu.launch blocks(%arg5, %arg6, %arg7) in (%arg11 = %arg0, %arg12 = %arg0, %arg13 = %arg0) threads(%arg8, %arg9, %arg10) in (%arg14 = %arg0, %arg15 = %arg0, %arg16 = %arg0) {
// CHECK: %thread_id_x = gpu.thread_id  x
// CHECK: "test.use"(%arg5, %arg9, %arg13, %arg14) : (index, index, index, index) -> ()
// CHECK: gpu.terminator
// CHECK: gpu.launch blocks(%arg5, %arg6, %arg7) in (%arg11 = %arg0, %arg12 = %arg0, %arg13 = %arg0) threads(%arg8, %arg9, %arg10) in (%arg14 = %arg0, %arg15 = %arg0, %arg16 = %arg0) dynamic_shared_memory_size %arg3 {
// CHECK: gpu.terminator
// CHECK: gpu.launch clusters(%arg17, %arg18, %arg19) in (%arg20 = %arg0, %arg21 = %arg0, %arg22 = %arg0) blocks(%arg5, %arg6, %arg7) in (%arg11 = %arg0, %arg12 = %arg0, %arg13 = %arg0) threads(%arg8, %arg9, %arg10) in (%arg14 = %arg0, %arg15 = %arg0, %arg16 = %arg0) {
// CHECK: gpu.terminator
// CHECK: gpu.launch blocks(%arg5, %arg6, %arg7) in (%arg11 = %arg0, %arg12 = %arg0, %arg13 = %arg0) threads(%arg8, %arg9, %arg10) in (%arg14 = %arg0, %arg15 = %arg0, %arg16 = %arg0) workgroup(%arg17 : memref<4xf32, #gpu.address_space<workgroup>>) private(%arg18 : memref<1xf32, #gpu.address_space<private>>) {
// CHECK: gpu.terminator
// CHECK: %0 = gpu.wait async
// CHECK: %1 = gpu.launch async [%0] blocks(%arg5, %arg6, %arg7) in (%arg11 = %arg0, %arg12 = %arg0, %arg13 = %arg0) threads(%arg8, %arg9, %arg10) in (%arg14 = %arg0, %arg15 = %arg0, %arg16 = %arg0) {
// CHECK: gpu.terminator
// CHECK: gpu.launch_func  @kernels::@kernel_1 blocks in (%arg0, %arg0, %arg0) threads in (%arg0, %arg0, %arg0)  args(%arg1 : f32, %arg2 : memref<?xf32, 1>)
// CHECK: gpu.launch_func  @kernels::@kernel_1 blocks in (%arg0, %arg0, %arg0) threads in (%arg0, %arg0, %arg0)  dynamic_shared_memory_size %arg3 args(%arg1 : f32, %arg2 : memref<?xf32, 1>)
// CHECK: gpu.launch_func  @kernels::@kernel_1 clusters in (%arg0, %arg0, %arg0) blocks in (%arg0, %arg0, %arg0) threads in (%arg0, %arg0, %arg0)  args(%arg1 : f32, %arg2 : memref<?xf32, 1>)
// CHECK: gpu.launch_func  @with_attrs::@empty blocks in (%arg4, %arg4, %arg4) threads in (%arg4, %arg4, %arg4) : i32
// CHECK: %2 = gpu.launch_func async [%0] @kernels::@kernel_1 blocks in (%arg0, %arg0, %arg0) threads in (%arg0, %arg0, %arg0)  args(%arg1 : f32, %arg2 : memref<?xf32, 1>)
// CHECK: %3 = gpu.wait async [%1, %2]
// CHECK: gpu.wait [%3]
// CHECK: gpu.wait
// CHECK: return
// GENERIC: "gpu.thread_id"() <{dimension = #gpu<dim x>}> : () -> index
// GENERIC: "gpu.shuffle"(%{{.*}}) <{mode = #gpu<shuffle_mode xor>}> : (f32, i32, i32) -> (f32, i1)
// GENERIC: }) {gpu.kernel, sym_name = "kernel_1", workgroup_attributions = 0 : i64} : () -> ()
// GENERIC: "gpu.launch"(%{{.*}}) <{operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0>}> ({
// GENERIC: "gpu.launch_func"(%{{.*}}) <{kernel = @kernels::@kernel_1, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 2, 0>}>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel_1(%arg0 : f32, %arg1 : memref<?xf32, 1>) kernel {
      %tIdX = gpu.thread_id x
      %tIdY = gpu.thread_id y
      %tIdZ = gpu.thread_id z
      %bIdX = gpu.block_id x
      %bDimY = gpu.block_dim y
      %gDimZ = gpu.grid_dim z
      %lane = gpu.lane_id
      %lane2 = gpu.lane_id upper_bound 32
      %gid = gpu.global_id x
      %tb = gpu.thread_id x upper_bound 128
      gpu.barrier
      %width = arith.constant 7 : i32
      %offset = arith.constant 3 : i32
      %s1, %v1 = gpu.shuffle xor %arg0, %offset, %width : f32
      %s2, %v2 = gpu.shuffle up %arg0, %offset, %width : f32
      %s3, %v3 = gpu.shuffle down %arg0, %offset, %width : f32
      %s4, %v4 = gpu.shuffle idx %arg0, %offset, %width : f32
      gpu.return
    }
    gpu.func @kernel_2(%arg0: memref<32xf32, #gpu.address_space<workgroup>>) workgroup(%w: memref<32xf32, #gpu.address_space<workgroup>>) private(%p: memref<1xf32, #gpu.address_space<private>>) kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      gpu.return
    }
    gpu.func @helper(%a: f32, %b: i32) -> f32 {
      gpu.return %a : f32
    }
    gpu.func @pair(%a: f32) -> (f32, f32) {
      gpu.return %a, %a : f32, f32
    }
  }
  gpu.module @with_target [#nvvm.target] {
  }
  gpu.module @with_attrs attributes {foo.bar} {
    gpu.func @empty() kernel {
      gpu.return
    }
  }
  func.func @host(%sz: index, %f: f32, %m: memref<?xf32, 1>, %shm: i32, %c: i32) {
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %sz, %gy = %sz, %gz = %sz) threads(%tx, %ty, %tz) in (%sx = %sz, %sy = %sz, %sz2 = %sz) {
      %t = gpu.thread_id x
      "test.use"(%bx, %ty, %gz, %sx) : (index, index, index, index) -> ()
      gpu.terminator
    }
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %sz, %gy = %sz, %gz = %sz) threads(%tx, %ty, %tz) in (%sx = %sz, %sy = %sz, %sz2 = %sz) dynamic_shared_memory_size %shm {
      gpu.terminator
    }
    gpu.launch clusters(%cx, %cy, %cz) in (%ncx = %sz, %ncy = %sz, %ncz = %sz) blocks(%bx, %by, %bz) in (%gx = %sz, %gy = %sz, %gz = %sz) threads(%tx, %ty, %tz) in (%sx = %sz, %sy = %sz, %sz2 = %sz) {
      gpu.terminator
    }
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %sz, %gy = %sz, %gz = %sz) threads(%tx, %ty, %tz) in (%sx = %sz, %sy = %sz, %sz2 = %sz) workgroup(%w : memref<4xf32, #gpu.address_space<workgroup>>) private(%p : memref<1xf32, #gpu.address_space<private>>) {
      gpu.terminator
    }
    %tok = gpu.wait async
    %tok2 = gpu.launch async [%tok] blocks(%bx, %by, %bz) in (%gx = %sz, %gy = %sz, %gz = %sz) threads(%tx, %ty, %tz) in (%sx = %sz, %sy = %sz, %sz2 = %sz) {
      gpu.terminator
    }
    gpu.launch_func @kernels::@kernel_1 blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz) args(%f : f32, %m : memref<?xf32, 1>)
    gpu.launch_func @kernels::@kernel_1 blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz) dynamic_shared_memory_size %shm args(%f : f32, %m : memref<?xf32, 1>)
    gpu.launch_func @kernels::@kernel_1 clusters in (%sz, %sz, %sz) blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz) args(%f : f32, %m : memref<?xf32, 1>)
    gpu.launch_func @with_attrs::@empty blocks in (%c, %c, %c) threads in (%c, %c, %c) : i32
    %tok3 = gpu.launch_func async [%tok] @kernels::@kernel_1 blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz) args(%f : f32, %m : memref<?xf32, 1>)
    %tok4 = gpu.wait async [%tok2, %tok3]
    gpu.wait [%tok4]
    gpu.wait
    return
  }
}
