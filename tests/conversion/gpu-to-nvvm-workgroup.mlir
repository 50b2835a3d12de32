// RUN: strata-opt --pass-pipeline="builtin.module(gpu.module(convert-gpu-to-nvvm))" %s | FileCheck %s

// Workgroup attributions become shared-memory globals (address space 3)
// of their element count, and the body addresses them through a memref
// descriptor of the global's address, as upstream's GPUFuncOpLowering does.

// CHECK: llvm.mlir.global internal @__wg_f_0() {addr_space = 3 : i32} : !llvm.array<4 x f32>
// CHECK: llvm.mlir.global internal @__wg_f_1() {addr_space = 3 : i32} : !llvm.array<16 x f16>
// CHECK: llvm.func @f(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64) attributes {gpu.kernel, nvvm.kernel}
// CHECK: llvm.mlir.addressof @__wg_f_0 : !llvm.ptr<3>
// CHECK: llvm.mlir.addressof @__wg_f_1 : !llvm.ptr<3>
// CHECK: llvm.insertvalue %{{.*}}[4, 1] : !llvm.struct<(ptr<3>, ptr<3>, i64, array<2 x i64>, array<2 x i64>)>
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f16
gpu.module @m {
  gpu.func @f(%out: memref<4xf32>) workgroup(%s : memref<4xf32, #gpu.address_space<workgroup>>, %t : memref<2x8xf16, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %x = memref.load %s[%c0] : memref<4xf32, #gpu.address_space<workgroup>>
    %h = memref.load %t[%c1, %c1] : memref<2x8xf16, #gpu.address_space<workgroup>>
    %y = arith.extf %h : f16 to f32
    %z = arith.addf %x, %y : f32
    memref.store %z, %out[%c0] : memref<4xf32>
    gpu.return
  }
}
