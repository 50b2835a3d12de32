// Vector transfers lowered by convert-vector-to-scf and
// convert-vector-to-llvm: 1-D and 2-D reads and writes, in and out of
// bounds (padding fills what is read outside the memref, what is written
// outside is dropped), 1-D and 2-D masks, transposed and broadcast
// permutation maps, a masked column write, transfers on i32.
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %pad = arith.constant -1.0 : f32
  %m = memref.alloc() : memref<4x8xf32>
  %v0 = arith.constant dense<[[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0], [10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0], [20.0, 21.0, 22.0, 23.0, 24.0, 25.0, 26.0, 27.0], [30.0, 31.0, 32.0, 33.0, 34.0, 35.0, 36.0, 37.0]]> : vector<4x8xf32>
  vector.transfer_write %v0, %m[%c0, %c0] {in_bounds = [true, true]} : vector<4x8xf32>, memref<4x8xf32>
  // 1-D, in bounds.
  %r1 = vector.transfer_read %m[%c1, %c2], %pad {in_bounds = [true]} : memref<4x8xf32>, vector<4xf32>
  vector.print %r1 : vector<4xf32>
  // 2-D, out of bounds in both dimensions.
  %r2 = vector.transfer_read %m[%c2, %c6], %pad : memref<4x8xf32>, vector<4x4xf32>
  vector.print %r2 : vector<4x4xf32>
  // 1-D mask, and a 1-D mask out of bounds.
  %mask = arith.constant dense<[true, false, true, true]> : vector<4xi1>
  %r3 = vector.transfer_read %m[%c1, %c0], %pad, %mask : memref<4x8xf32>, vector<4xf32>
  vector.print %r3 : vector<4xf32>
  %r4 = vector.transfer_read %m[%c1, %c6], %pad, %mask : memref<4x8xf32>, vector<4xf32>
  vector.print %r4 : vector<4xf32>
  // 2-D mask.
  %mask2 = arith.constant dense<[[true, false], [false, true]]> : vector<2x2xi1>
  %r5 = vector.transfer_read %m[%c3, %c2], %pad, %mask2 : memref<4x8xf32>, vector<2x2xf32>
  vector.print %r5 : vector<2x2xf32>
  // Transposed, in bounds and out of bounds.
  %r6 = vector.transfer_read %m[%c0, %c0], %pad {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<4x8xf32>, vector<8x4xf32>
  vector.print %r6 : vector<8x4xf32>
  %r7 = vector.transfer_read %m[%c3, %c6], %pad {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<4x8xf32>, vector<4x2xf32>
  vector.print %r7 : vector<4x2xf32>
  // Broadcast of a row.
  %r8 = vector.transfer_read %m[%c1, %c2], %pad {permutation_map = affine_map<(d0, d1) -> (0, d1)>} : memref<4x8xf32>, vector<2x4xf32>
  vector.print %r8 : vector<2x4xf32>
  // A column.
  %r9 = vector.transfer_read %m[%c1, %c7], %pad {permutation_map = affine_map<(d0, d1) -> (d0)>} : memref<4x8xf32>, vector<4xf32>
  vector.print %r9 : vector<4xf32>
  // Writes: 1-D out of bounds, a masked column, 2-D out of bounds,
  // transposed.
  %w = arith.constant dense<[100.0, 101.0, 102.0, 103.0]> : vector<4xf32>
  vector.transfer_write %w, %m[%c1, %c6] : vector<4xf32>, memref<4x8xf32>
  vector.transfer_write %w, %m[%c0, %c1], %mask {permutation_map = affine_map<(d0, d1) -> (d0)>} : vector<4xf32>, memref<4x8xf32>
  %w2 = arith.constant dense<[[200.0, 201.0], [210.0, 211.0]]> : vector<2x2xf32>
  vector.transfer_write %w2, %m[%c3, %c7] : vector<2x2xf32>, memref<4x8xf32>
  %w3 = arith.constant dense<[[300.0, 301.0, 302.0, 303.0], [310.0, 311.0, 312.0, 313.0]]> : vector<2x4xf32>
  vector.transfer_write %w3, %m[%c0, %c4] {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : vector<2x4xf32>, memref<4x8xf32>
  %all = vector.transfer_read %m[%c0, %c0], %pad : memref<4x8xf32>, vector<4x8xf32>
  vector.print %all : vector<4x8xf32>
  // i32, with padding.
  %n = memref.alloc() : memref<3x4xi32>
  %iv = arith.constant dense<[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]> : vector<3x4xi32>
  vector.transfer_write %iv, %n[%c0, %c0] : vector<3x4xi32>, memref<3x4xi32>
  %ipad = arith.constant -7 : i32
  %ir = vector.transfer_read %n[%c1, %c2], %ipad : memref<3x4xi32>, vector<4x4xi32>
  vector.print %ir : vector<4x4xi32>
  memref.dealloc %n : memref<3x4xi32>
  memref.dealloc %m : memref<4x8xf32>
  return
}
