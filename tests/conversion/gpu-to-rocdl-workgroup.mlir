// RUN: strata-opt --pass-pipeline='builtin.module(gpu.module(convert-gpu-to-rocdl{chipset=gfx90a}))' %s | FileCheck %s

// Workgroup attributions become LDS globals (address space 3) whose
// address the body reads through a memref descriptor, and vector loads
// and stores of them lower in the same conversion, as upstream's
// convert-gpu-to-rocdl does.

// CHECK: llvm.mlir.global internal @__wg_k_0() {addr_space = 3 : i32} : !llvm.array<512 x bf16>
// CHECK: llvm.func @k(
// CHECK: llvm.mlir.addressof @__wg_k_0 : !llvm.ptr<3>
// CHECK: llvm.load %{{.*}} {alignment = 2 : i64} : !llvm.ptr<3> -> vector<4xbf16>
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 2 : i64} : vector<4xbf16>, !llvm.ptr<3>
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%a: memref<37x48xbf16>) workgroup(%w : memref<512xbf16, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c4 = arith.constant 4 : index
      %v = vector.load %w[%c0] : memref<512xbf16, #gpu.address_space<workgroup>>, vector<4xbf16>
      vector.store %v, %w[%c4] : memref<512xbf16, #gpu.address_space<workgroup>>, vector<4xbf16>
      %e = vector.extract %v[0] : bf16 from vector<4xbf16>
      memref.store %e, %a[%c0, %c0] : memref<37x48xbf16>
      gpu.return
    }
  }
}
