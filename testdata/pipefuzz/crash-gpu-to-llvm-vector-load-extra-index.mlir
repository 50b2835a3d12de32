// SIGNATURE: crash at conversion/memreftollvm.(*lowering).stridedPtr: runtime error: index out of range [N] with length N
// PIPELINE: builtin.module(gpu-to-llvm)
func.func @offset(%m: memref<4x8xf32, strided<[8, 1], offset: ?>>, %i: index, %j: index) -> vector<4xf32> {
  %v = vector.load %m[%i, %j, %j] : memref<4x8xf32, strided<[8, 1], offset: ?>>, vector<4xf32>
  return %v : vector<4xf32>
}
