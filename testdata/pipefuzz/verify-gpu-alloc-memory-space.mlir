// SIGNATURE: verify after gpu-to-llvm: 'llvm.call' op operand type mismatch for operand N: !llvm.ptr<N> != !llvm.ptr
// PIPELINE: builtin.module(gpu-to-llvm)
func.func @memory(%sz: index, %f: i8, %m: memref<?xi8, 1>, %m2: memref<4xi8>) {
  %tok = gpu.wait async
  %mem2, %t1 = gpu.alloc async [%tok] (%sz) : memref<?xi8, 1>
  %t2 = gpu.dealloc async [%t1] %mem2 : memref<?xi8, 1>
  return
}
