// A gpu.alloc in a memory space other than the default: the runtime's
// generic pointer is cast into the memref's address space for the
// descriptor, and back to a generic one for mgpuMemFree. (mlir-opt-22
// leaves both mistyped, so its output does not verify.)
// CHECK-LABEL: llvm.func @memory
// CHECK: %[[P:.*]] = llvm.call @mgpuMemAlloc(%{{.*}}, %{{.*}}, %{{.*}}) : (i64, !llvm.ptr, i8) -> !llvm.ptr
// CHECK: %[[P1:.*]] = llvm.addrspacecast %[[P]] : !llvm.ptr to !llvm.ptr<1>
// CHECK: llvm.insertvalue %[[P1]], %{{.*}}[0] : !llvm.struct<(ptr<1>, ptr<1>, i64, array<1 x i64>, array<1 x i64>)>
// CHECK: %[[A:.*]] = llvm.extractvalue %{{.*}}[0] : !llvm.struct<(ptr<1>, ptr<1>, i64, array<1 x i64>, array<1 x i64>)>
// CHECK: %[[G:.*]] = llvm.addrspacecast %[[A]] : !llvm.ptr<1> to !llvm.ptr
// CHECK: llvm.call @mgpuMemFree(%[[G]], %{{.*}}) : (!llvm.ptr, !llvm.ptr) -> ()
func.func @memory(%sz: index) {
  %tok = gpu.wait async
  %mem, %t1 = gpu.alloc async [%tok] (%sz) : memref<?xi8, 1>
  %t2 = gpu.dealloc async [%t1] %mem : memref<?xi8, 1>
  gpu.wait [%t2]
  return
}
