// RUN: strata-opt --gpu-launch-sink-index-computations --gpu-kernel-outlining %s | FileCheck %s

// Outlining: the constant block size sinks into the kernel and becomes
// known_block_size, the values from above become kernel arguments in the
// order of their uses, the called helper is cloned into the kernel's
// module, the async token carries over to gpu.launch_func, and the second
// kernel's module is renamed because its name is taken.

func.func private @helper(%x: f32) -> f32

func.func @saxpy(%a: f32, %x: memref<?xf32, 1>, %n: index, %t: !gpu.async.token) -> !gpu.async.token {
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %blocks = arith.ceildivsi %n, %c128 : index
  %done = gpu.launch async [%t] blocks(%bx, %by, %bz) in (%gx = %blocks, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
    %base = arith.muli %bx, %sx : index
    %i = arith.addi %base, %tx : index
    %in = arith.cmpi slt, %i, %n : index
    scf.if %in {
      %v = memref.load %x[%i] : memref<?xf32, 1>
      %h = func.call @helper(%v) : (f32) -> f32
      %r = arith.mulf %a, %h : f32
      memref.store %r, %x[%i] : memref<?xf32, 1>
    }
    gpu.terminator
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    gpu.printf "done"
    gpu.terminator
  }
  return %done : !gpu.async.token
}

// CHECK: module attributes {gpu.container_module} {
// CHECK: func.func private @helper(f32) -> f32
// CHECK: func.func @saxpy(%arg0: f32, %arg1: memref<?xf32, 1>, %arg2: index, %arg3: !gpu.async.token) -> !gpu.async.token {
// CHECK: %c1 = arith.constant 1 : index
// CHECK: %c128 = arith.constant 128 : index
// CHECK: %0 = arith.ceildivsi %arg2, %c128 : index
// CHECK: %1 = gpu.launch_func async [%arg3] @saxpy_kernel::@saxpy_kernel blocks in (%0, %c1, %c1) threads in (%c128, %c1, %c1)  args(%arg2 : index, %arg1 : memref<?xf32, 1>, %arg0 : f32)
// CHECK: gpu.launch_func  @saxpy_kernel_0::@saxpy_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
// CHECK: return %1 : !gpu.async.token
// CHECK: gpu.module @saxpy_kernel {
// CHECK: gpu.func @saxpy_kernel(%arg0: index, %arg1: memref<?xf32, 1>, %arg2: f32) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
// CHECK: %block_id_x = gpu.block_id  x
// CHECK: %thread_id_x = gpu.thread_id  x
// CHECK: %block_dim_x = gpu.block_dim  x
// CHECK: %0 = arith.muli %block_id_x, %block_dim_x : index
// CHECK: %1 = arith.addi %0, %thread_id_x : index
// CHECK: %2 = arith.cmpi slt, %1, %arg0 : index
// CHECK: scf.if %2 {
// CHECK: %3 = memref.load %arg1[%1] : memref<?xf32, 1>
// CHECK: %4 = func.call @helper(%3) : (f32) -> f32
// CHECK: %5 = arith.mulf %arg2, %4 : f32
// CHECK: memref.store %5, %arg1[%1] : memref<?xf32, 1>
// CHECK: gpu.return
// CHECK: func.func private @helper(f32) -> f32
// CHECK: gpu.module @saxpy_kernel_0 {
// CHECK: gpu.func @saxpy_kernel() kernel attributes {known_block_size = array<i32: 1, 1, 1>, known_grid_size = array<i32: 1, 1, 1>} {
// CHECK: %block_id_x = gpu.block_id  x
// CHECK: %thread_id_x = gpu.thread_id  x
// CHECK: %block_dim_x = gpu.block_dim  x
// CHECK: gpu.printf "done"
// CHECK: gpu.return
