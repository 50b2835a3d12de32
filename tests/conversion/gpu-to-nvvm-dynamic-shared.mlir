// RUN: strata-opt --pass-pipeline='builtin.module(gpu.module(convert-gpu-to-nvvm))' %s | FileCheck %s

// The dynamic shared memory is a zero-sized i8 global of shared memory,
// shared by every use in the module; views of it and loads through a
// workgroup memref address shared memory (address space 3).

// CHECK: llvm.mlir.global internal @__dynamic_shmem__0() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
// CHECK-NOT: llvm.mlir.global
// CHECK-LABEL: llvm.func @k(
// CHECK: %[[BASE:.+]] = llvm.mlir.addressof @__dynamic_shmem__0 : !llvm.ptr<3>
// CHECK: llvm.getelementptr %[[BASE]][0] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: llvm.getelementptr inbounds|nuw %{{.*}}[%{{.*}}] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f16
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f16
// CHECK-LABEL: llvm.func @k2(
// CHECK: llvm.mlir.addressof @__dynamic_shmem__0 : !llvm.ptr<3>
gpu.module @m {
  gpu.func @k(%o: memref<4xf16>) kernel {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %d = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %v = memref.view %d[%c64][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<4xf16, #gpu.address_space<workgroup>>
    %x = memref.load %v[%c0] : memref<4xf16, #gpu.address_space<workgroup>>
    memref.store %x, %o[%c0] : memref<4xf16>
    gpu.return
  }
  gpu.func @k2(%o: memref<4xi8>) kernel {
    %c0 = arith.constant 0 : index
    %d = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %x = memref.load %d[%c0] : memref<?xi8, #gpu.address_space<workgroup>>
    memref.store %x, %o[%c0] : memref<4xi8>
    gpu.return
  }
}
