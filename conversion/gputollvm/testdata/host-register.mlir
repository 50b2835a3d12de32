// gpu.host_register and gpu.host_unregister of an unranked memref call
// the runtime with its rank, descriptor and element size.
// CHECK-LABEL: llvm.func @f
// CHECK: llvm.call @mgpuMemHostRegisterMemRef(%{{.*}}, %{{.*}}, %{{.*}}) : (i64, !llvm.ptr, i64) -> ()
// CHECK: llvm.call @mgpuMemHostUnregisterMemRef(%{{.*}}, %{{.*}}, %{{.*}}) : (i64, !llvm.ptr, i64) -> ()
// CHECK: llvm.func @mgpuMemHostUnregisterMemRef(i64, !llvm.ptr, i64)
func.func @f(%m: memref<*xf32>) {
  gpu.host_register %m : memref<*xf32>
  gpu.host_unregister %m : memref<*xf32>
  return
}
