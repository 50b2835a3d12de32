// async.execute regions carrying memrefs and tokens (as gpu-async-region
// leaves them): the values, body operands and awaits convert with their
// types, a token to the stream's pointer. (The body yields the stream,
// which the next body takes as an event, as upstream's lowering does.)
// CHECK-LABEL: llvm.func @fork_join
// CHECK: %[[T:.*]], %[[R:.*]]:2 = async.execute -> (!async.value<!llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>>, !async.value<!llvm.ptr>)
// CHECK: llvm.call @mgpuStreamCreate()
// CHECK: llvm.call @mgpuMemAlloc
// CHECK: async.yield %{{.*}}, %{{.*}} : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>, !llvm.ptr
// CHECK: async.execute [%[[T]]] (%[[R]]#0 as %[[M:.*]]: !async.value<!llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>>, %[[R]]#1 as %[[S:.*]]: !async.value<!llvm.ptr>) -> !async.value<!llvm.ptr>
// CHECK: %[[N:.*]] = llvm.call @mgpuStreamCreate()
// CHECK-NEXT: llvm.call @mgpuStreamWaitEvent(%[[N]], %[[S]])
// CHECK: gpu.launch_func <%[[N]] : !llvm.ptr> @kernels::@kernel
// CHECK: async.yield %[[N]] : !llvm.ptr
// CHECK: async.await %{{.*}} : !async.token
// CHECK-NEXT: %[[A:.*]] = async.await %{{.*}} : !async.value<!llvm.ptr>
// CHECK-NEXT: llvm.call @mgpuEventSynchronize(%[[A]])
module attributes {gpu.container_module} {
  gpu.module @kernels {
    llvm.func @kernel(%a: !llvm.ptr, %b: !llvm.ptr, %c: i64, %d: i64, %e: i64) attributes {gpu.kernel, nvvm.kernel} {
      llvm.return
    }
  }
  func.func @fork_join(%h : memref<?xi32>, %n : index) {
    %c1 = arith.constant 1 : index
    %token, %bodyResults:2 = async.execute -> (!async.value<memref<?xi32>>, !async.value<!gpu.async.token>) {
      %0 = gpu.wait async
      %memref, %t = gpu.alloc async [%0] (%n) : memref<?xi32>
      %1 = gpu.memcpy async [%t] %memref, %h : memref<?xi32>, memref<?xi32>
      async.yield %memref, %1 : memref<?xi32>, !gpu.async.token
    }
    %token_0, %bodyResults_1 = async.execute [%token] (%bodyResults#0 as %arg0: !async.value<memref<?xi32>>, %bodyResults#1 as %arg1: !async.value<!gpu.async.token>) -> !async.value<!gpu.async.token> {
      %0 = gpu.wait async [%arg1]
      %1 = gpu.launch_func async [%0] @kernels::@kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%arg0 : memref<?xi32>)
      async.yield %1 : !gpu.async.token
    }
    async.await %token_0 : !async.token
    %2 = async.await %bodyResults_1 : !async.value<!gpu.async.token>
    gpu.wait [%2]
    return
  }
}
