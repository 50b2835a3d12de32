// FLAGS: -gpu-module-to-binary=format=llvm
// The offload format holds the gpu.module's own IR, in the generic form
// with its locations: the interpreter runs it, the CUDA engine emits its
// PTX when it loads it.
// CHECK: gpu.binary @kernels  [#gpu.object<#nvvm.target, offload = "
// CHECK-SAME: \22gpu.module\22() <{sym_name = \22kernels\22, targets = [#nvvm.target]}>
// CHECK-SAME: \22llvm.func\22()
// CHECK-SAME: offload.mlir
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target] {
    llvm.func @nothing() attributes {gpu.kernel, nvvm.kernel} {
      llvm.return
    }
  }
}
