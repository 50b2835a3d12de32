// FLAGS: -gpu-module-to-binary=format=isa
// Each gpu.module becomes a gpu.binary of the same name with one object
// per target: PTX for #nvvm.target, emitted for the target's chip, its
// features raising .version; the optimization level is a property.
// CHECK: gpu.binary @kernels  [#gpu.object<#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx83">, properties = {O = 3 : i32}, assembly = "
// CHECK-SAME: .version 8.3
// CHECK-SAME: .target sm_90a
// CHECK-SAME: .entry add_one(
// CHECK-SAME: add.s32
// CHECK-SAME: ">, #gpu.object<#nvvm.target, properties = {O = 2 : i32}, assembly = "
// CHECK-SAME: .target sm_50
// CHECK: gpu.binary @other <#gpu.select_object<1 : i64>> [
// CHECK-NOT: gpu.module
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx83">, #nvvm.target] {
    llvm.func @add_one(%p: !llvm.ptr<1>) attributes {gpu.kernel, nvvm.kernel} {
      %0 = llvm.load %p : !llvm.ptr<1> -> i32
      %1 = llvm.mlir.constant(1 : i32) : i32
      %2 = llvm.add %0, %1 : i32
      llvm.store %2, %p : i32, !llvm.ptr<1>
      llvm.return
    }
  }
  gpu.module @other <#gpu.select_object<1>> [#nvvm.target, #nvvm.target<chip = "sm_80">] {
    llvm.func @nothing() attributes {gpu.kernel, nvvm.kernel} {
      llvm.return
    }
  }
}
