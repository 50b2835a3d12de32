// The memory operations on a stream: gpu.wait async creates one, an
// allocation, a free, copies and fills of 16- and 32-bit elements (of a
// dynamic shape, the product of its sizes) run on it, and gpu.wait
// synchronizes and destroys it. The synchronous copy stays, as upstream
// leaves it.
// CHECK-LABEL: llvm.func @alloc(%arg0: i64)
// CHECK: %[[S:.*]] = llvm.call @mgpuStreamCreate() : () -> !llvm.ptr
// CHECK: %[[B:.*]] = llvm.ptrtoint
// CHECK: %[[SH:.*]] = llvm.mlir.constant(0 : i8) : i8
// CHECK: %[[P:.*]] = llvm.call @mgpuMemAlloc(%[[B]], %[[S]], %[[SH]]) : (i64, !llvm.ptr, i8) -> !llvm.ptr
// CHECK: llvm.insertvalue %[[P]]
// CHECK: %[[A:.*]] = llvm.extractvalue %{{.*}}[0]
// CHECK: llvm.call @mgpuMemFree(%[[A]], %[[S]]) : (!llvm.ptr, !llvm.ptr) -> ()
// CHECK: llvm.call @mgpuStreamSynchronize(%[[S]]) : (!llvm.ptr) -> ()
// CHECK: llvm.call @mgpuStreamDestroy(%[[S]]) : (!llvm.ptr) -> ()
// CHECK-LABEL: llvm.func @copy
// CHECK: %[[D:.*]] = llvm.addrspacecast %{{.*}} : !llvm.ptr<1> to !llvm.ptr
// CHECK: llvm.call @mgpuMemcpy(%[[D]], %{{.*}}, %{{.*}}, %{{.*}}) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr) -> ()
// CHECK: gpu.memcpy  %{{.*}}, %{{.*}} : memref<7xf32, 1>, memref<7xf32>
// CHECK-LABEL: llvm.func @set
// CHECK: llvm.bitcast %arg5 : f32 to i32
// CHECK: llvm.call @mgpuMemset32
// CHECK: llvm.call @mgpuMemset16
// CHECK-LABEL: llvm.func @dynamic
// CHECK: %[[S0:.*]] = llvm.extractvalue %{{.*}}[3, 0]
// CHECK: %[[S1:.*]] = llvm.extractvalue %{{.*}}[3, 1]
// CHECK: llvm.mul %[[S0]], %[[S1]] : i64
// CHECK: llvm.call @mgpuMemcpy
// CHECK: llvm.func @mgpuStreamCreate() -> !llvm.ptr
module attributes {gpu.container_module} {
  func.func @alloc(%size : index) {
    %0 = gpu.wait async
    %1, %2 = gpu.alloc async [%0] (%size) : memref<?xf32>
    %3 = gpu.dealloc async [%2] %1 : memref<?xf32>
    gpu.wait [%3]
    return
  }
  func.func @copy(%dst : memref<7xf32, 1>, %src : memref<7xf32>) {
    %t0 = gpu.wait async
    %t1 = gpu.memcpy async [%t0] %dst, %src : memref<7xf32, 1>, memref<7xf32>
    gpu.wait [%t1]
    gpu.memcpy %dst, %src : memref<7xf32, 1>, memref<7xf32>
    return
  }
  func.func @set(%dst : memref<7xf32, 1>, %v : f32, %h : memref<3x2xf16>, %w : f16) {
    %t0 = gpu.wait async
    %t1 = gpu.memset async [%t0] %dst, %v : memref<7xf32, 1>, f32
    %t2 = gpu.memset async [%t1] %h, %w : memref<3x2xf16>, f16
    gpu.wait [%t2]
    return
  }
  func.func @dynamic(%dst : memref<?x4xi32>, %src : memref<?x4xi32>) {
    %t0 = gpu.wait async
    %t1 = gpu.memcpy async [%t0] %dst, %src : memref<?x4xi32>, memref<?x4xi32>
    gpu.wait [%t1]
    return
  }
}
