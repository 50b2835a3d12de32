// The PTX of this module is valid, but its kernel asks for 300 KB of
// static shared memory, more than any chip has: the driver's JIT compiler
// rejects it, and --engine=cuda reports its log as a diagnostic.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    llvm.mlir.global internal @huge() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<76800 x f32>
    llvm.func @too_big(%out: !llvm.ptr<1>) attributes {gpu.kernel, nvvm.kernel} {
      %s = llvm.mlir.addressof @huge : !llvm.ptr<3>
      %v = llvm.load %s : !llvm.ptr<3> -> f32
      llvm.store %v, %out : f32, !llvm.ptr<1>
      llvm.return
    }
  }

  func.func @main() -> i32 {
    %c1 = arith.constant 1 : index
    %d = gpu.alloc () : memref<1xf32>
    gpu.launch_func @kernels::@too_big blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%d : memref<1xf32>)
    %r = arith.constant 0 : i32
    return %r : i32
  }
}
