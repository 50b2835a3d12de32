// Each of the 32 lanes holds 8 elements of a 16x16 matrix: index 8 is
// past a lane's share.
func.func @main() {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %one = arith.constant 1.0 : f32
    %m = gpu.subgroup_mma_constant_matrix %one : !gpu.mma_matrix<16x16xf32, "COp">
    %v = gpu.subgroup_mma_extract_thread_local %m[%c8] : !gpu.mma_matrix<16x16xf32, "COp"> -> f32
    gpu.terminator
  }
  return
}
// CHECK: mma_thread_local_index.mlir:11:10: error: index 8 out of the 8 elements each lane holds
