// FLAGS: --pass-pipeline=builtin.module(gpu.module(convert-gpu-to-nvvm),gpu-to-llvm)
// gpu.launch_func stays, its memref operand unpacked into the fields of
// its descriptor, as the kernel takes it; an async launch runs on the
// stream of its dependency, or on a new one.
// CHECK-LABEL: llvm.func @main
// CHECK: %[[S:.*]] = llvm.call @mgpuStreamCreate() : () -> !llvm.ptr
// CHECK: %[[A:.*]] = llvm.extractvalue %{{.*}}[0]
// CHECK: gpu.launch_func <%[[S]] : !llvm.ptr> @kernels::@k blocks in (%{{.*}}) threads in (%{{.*}}) : i64 args(%[[A]] : !llvm.ptr,
// CHECK: llvm.call @mgpuStreamSynchronize(%[[S]])
// CHECK: %[[S2:.*]] = llvm.call @mgpuStreamCreate() : () -> !llvm.ptr
// CHECK: gpu.launch_func <%[[S2]] : !llvm.ptr> @kernels::@k
// CHECK: gpu.launch_func  @kernels::@k blocks in {{.*}} dynamic_shared_memory_size %{{.*}} args(
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a : memref<8xf32>, %f : f32, %i : index) kernel {
      gpu.return
    }
  }
  func.func @main(%m : memref<8xf32>, %f : f32) {
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %smem = arith.constant 256 : i32
    %t0 = gpu.wait async
    %t1 = gpu.launch_func async [%t0] @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c8, %c1, %c1) args(%m : memref<8xf32>, %f : f32, %c1 : index)
    gpu.wait [%t1]
    %t2 = gpu.launch_func async @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c8, %c1, %c1) args(%m : memref<8xf32>, %f : f32, %c1 : index)
    gpu.wait [%t2]
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c8, %c1, %c1) dynamic_shared_memory_size %smem args(%m : memref<8xf32>, %f : f32, %c1 : index)
    return
  }
}
