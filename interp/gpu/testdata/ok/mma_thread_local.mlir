// The thread-local view of a subgroup matrix, checked against what
// upstream requires of any mapping of elements to lanes: M holds 0 to
// 255 in row-major order; each of the 32 lanes extracts the 8 elements of
// its share, marks seen[value], and inserts twice the value at the same
// index. Every element is seen once (256 marks, none missing: the shares
// cover the matrix), and
// the stored result is 2M (insert and extract address the same
// elements).
// CHECK: 256
// CHECK-NEXT: 1
// CHECK-NEXT: 2
// CHECK-NEXT: 170
// CHECK-NEXT: 510
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c256 = arith.constant 256 : index
  %in = memref.alloc() : memref<16x16xf32>
  scf.for %r = %c0 to %c16 step %c1 {
    scf.for %c = %c0 to %c16 step %c1 {
      %r16 = arith.muli %r, %c16 : index
      %k = arith.addi %r16, %c : index
      %i = arith.index_cast %k : index to i32
      %f = arith.sitofp %i : i32 to f32
      memref.store %f, %in[%r, %c] : memref<16x16xf32>
    }
  }
  %seen = memref.alloc() : memref<256xi32>
  %z = arith.constant 0 : i32
  scf.for %i = %c0 to %c256 step %c1 {
    memref.store %z, %seen[%i] : memref<256xi32>
  }
  %out = memref.alloc() : memref<16x16xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %m = gpu.subgroup_mma_load_matrix %in[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf32> -> !gpu.mma_matrix<16x16xf32, "COp">
    %one = arith.constant 1 : i32
    %two = arith.constant 2.0 : f32
    %r = scf.for %j = %c0 to %c8 step %c1 iter_args(%acc = %m) -> (!gpu.mma_matrix<16x16xf32, "COp">) {
      %v = gpu.subgroup_mma_extract_thread_local %m[%j] : !gpu.mma_matrix<16x16xf32, "COp"> -> f32
      %vi = arith.fptosi %v : f32 to i32
      %vx = arith.index_cast %vi : i32 to index
      %old = memref.atomic_rmw addi %one, %seen[%vx] : (i32, memref<256xi32>) -> i32
      %v2 = arith.mulf %v, %two : f32
      %n = gpu.subgroup_mma_insert_thread_local %v2, %acc[%j] : f32, !gpu.mma_matrix<16x16xf32, "COp"> -> !gpu.mma_matrix<16x16xf32, "COp">
      scf.yield %n : !gpu.mma_matrix<16x16xf32, "COp">
    }
    gpu.subgroup_mma_store_matrix %r, %out[%c0, %c0] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<16x16xf32>
    gpu.terminator
  }
  %total = scf.for %i = %c0 to %c256 step %c1 iter_args(%acc = %z) -> (i32) {
    %s = memref.load %seen[%i] : memref<256xi32>
    %a = arith.addi %acc, %s : i32
    scf.yield %a : i32
  }
  vector.print %total : i32
  %big = arith.constant 1000 : i32
  %least = scf.for %i = %c0 to %c256 step %c1 iter_args(%acc = %big) -> (i32) {
    %s = memref.load %seen[%i] : memref<256xi32>
    %a = arith.minsi %acc, %s : i32
    scf.yield %a : i32
  }
  vector.print %least : i32
  %c5 = arith.constant 5 : index
  %c10 = arith.constant 10 : index
  %c15 = arith.constant 15 : index
  %o0 = memref.load %out[%c0, %c1] : memref<16x16xf32>
  %o1 = memref.load %out[%c5, %c5] : memref<16x16xf32>
  %o2 = memref.load %out[%c15, %c15] : memref<16x16xf32>
  vector.print %o0 : f32
  vector.print %o1 : f32
  vector.print %o2 : f32
  return
}
