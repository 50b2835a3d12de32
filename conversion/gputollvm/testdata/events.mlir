// A token that joins two streams: the new stream waits for an event
// recorded on each, right after the work its token stands for, and the
// events are destroyed; a host-shared allocation takes no stream (a null
// one) and sets the runtime's host-shared flag.
// CHECK-LABEL: llvm.func @join
// CHECK: %[[S0:.*]] = llvm.call @mgpuStreamCreate() : () -> !llvm.ptr
// CHECK: %[[S1:.*]] = llvm.call @mgpuStreamCreate() : () -> !llvm.ptr
// CHECK: %[[E1:.*]] = llvm.call @mgpuEventCreate() : () -> !llvm.ptr
// CHECK: llvm.call @mgpuEventRecord(%[[E1]], %[[S1]])
// CHECK: llvm.call @mgpuMemset32
// CHECK: %[[E0:.*]] = llvm.call @mgpuEventCreate() : () -> !llvm.ptr
// CHECK: llvm.call @mgpuEventRecord(%[[E0]], %[[S0]])
// CHECK: %[[S2:.*]] = llvm.call @mgpuStreamCreate() : () -> !llvm.ptr
// CHECK: llvm.call @mgpuStreamWaitEvent(%[[S2]], %[[E0]])
// CHECK: llvm.call @mgpuStreamWaitEvent(%[[S2]], %[[E1]])
// CHECK: llvm.call @mgpuEventDestroy(%[[E0]])
// CHECK: llvm.call @mgpuEventDestroy(%[[E1]])
// CHECK-LABEL: llvm.func @shared
// CHECK: llvm.ptrtoint
// CHECK-NEXT: %[[N:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT: %[[F:.*]] = llvm.mlir.constant(1 : i8) : i8
// CHECK: llvm.call @mgpuMemAlloc(%{{.*}}, %[[N]], %[[F]])
// CHECK-LABEL: llvm.func @register
// CHECK: %[[R:.*]] = llvm.extractvalue %{{.*}}[0] : !llvm.struct<(i64, ptr)>
// CHECK: %[[D:.*]] = llvm.extractvalue %{{.*}}[1] : !llvm.struct<(i64, ptr)>
// CHECK: llvm.call @mgpuMemHostRegisterMemRef(%[[R]], %[[D]], %{{.*}}) : (i64, !llvm.ptr, i64) -> ()
module attributes {gpu.container_module} {
  func.func @join(%d : memref<5xi32>, %v : i32) {
    %t0 = gpu.wait async
    %t1 = gpu.wait async
    %t2 = gpu.memset async [%t0] %d, %v : memref<5xi32>, i32
    %t3 = gpu.wait async [%t2, %t1]
    %t4 = gpu.memset async [%t3] %d, %v : memref<5xi32>, i32
    gpu.wait [%t4]
    return
  }
  func.func @shared() -> memref<4x3xi8> {
    %h = gpu.alloc host_shared () : memref<4x3xi8>
    return %h : memref<4x3xi8>
  }
  func.func @register(%m : memref<*xf32>) {
    gpu.host_register %m : memref<*xf32>
    return
  }
}
