// Vector loads and stores are lowered with the rest, as upstream's pass
// lowers every dialect that converts to llvm: a vector.load of workgroup
// memory reads through a pointer of address space 3, a memory space that
// only this pass maps.
// CHECK: llvm.mlir.global internal @__wg_k_0() {addr_space = 3 : i32} : !llvm.array<16 x f32>
// CHECK-LABEL: llvm.func @k
// CHECK: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> vector<4xf32>
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : vector<4xf32>, !llvm.ptr
// CHECK-NOT: vector.load
// CHECK-NOT: vector.store
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%a: memref<16xf32>) workgroup(%s : memref<16xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %v = vector.load %s[%c0] : memref<16xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      vector.store %v, %a[%c0] : memref<16xf32>, vector<4xf32>
      gpu.return
    }
  }
}
