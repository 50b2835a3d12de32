// The subgroup MMA operations on one warp: A is loaded transposed from a
// matrix whose rows hold their column index (so A(r, c) = r), B is all
// ones and C all twos, so D = A * B + C is 16 * r + 2; adding C and
// negating gives -(16 * r + 4), stored transposed (out[c][r] = F(r, c)).
// CHECK: -52
// CHECK-NEXT: -4
// CHECK-NEXT: -244
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c15 = arith.constant 15 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %in = memref.alloc() : memref<16x16xf16>
  scf.for %r = %c0 to %c16 step %c1 {
    scf.for %c = %c0 to %c16 step %c1 {
      %i = arith.index_cast %c : index to i32
      %f = arith.sitofp %i : i32 to f16
      memref.store %f, %in[%r, %c] : memref<16x16xf16>
    }
  }
  %out = memref.alloc() : memref<16x16xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %one = arith.constant 1.0 : f16
    %two = arith.constant 2.0 : f32
    %a = gpu.subgroup_mma_load_matrix %in[%c0, %c0] {leadDimension = 16 : index, transpose} : memref<16x16xf16> -> !gpu.mma_matrix<16x16xf16, "AOp">
    %b = gpu.subgroup_mma_constant_matrix %one : !gpu.mma_matrix<16x16xf16, "BOp">
    %c = gpu.subgroup_mma_constant_matrix %two : !gpu.mma_matrix<16x16xf32, "COp">
    %d = gpu.subgroup_mma_compute %a, %b, %c {a_transpose} : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    %e = gpu.subgroup_mma_elementwise addf %d, %c : (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
    %f = gpu.subgroup_mma_elementwise negatef %e : (!gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
    gpu.subgroup_mma_store_matrix %f, %out[%c0, %c0] {leadDimension = 16 : index, transpose} : !gpu.mma_matrix<16x16xf32, "COp">, memref<16x16xf32>
    gpu.terminator
  }
  %v0 = memref.load %out[%c0, %c3] : memref<16x16xf32>
  vector.print %v0 : f32
  %v1 = memref.load %out[%c15, %c0] : memref<16x16xf32>
  vector.print %v1 : f32
  %v2 = memref.load %out[%c15, %c15] : memref<16x16xf32>
  vector.print %v2 : f32
  return
}
