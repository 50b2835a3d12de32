// affine.vector_load and affine.vector_store at indices computed by their
// maps (with a symbol), and affine.prefetch.
func.func @main() -> i64 {
  %m = memref.alloc() : memref<4x8xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      %ii = arith.index_cast %i : index to i32
      %ji = arith.index_cast %j : index to i32
      %k = arith.constant 10 : i32
      %a = arith.muli %ii, %k : i32
      %b = arith.addi %a, %ji : i32
      %f = arith.sitofp %b : i32 to f32
      affine.store %f, %m[%i, %j] : memref<4x8xf32>
    }
  }
  affine.for %i = 0 to 4 {
    affine.prefetch %m[%i, %i * 2], read, locality<3>, data : memref<4x8xf32>
    %v = affine.vector_load %m[%i, %i + 1] : memref<4x8xf32>, vector<4xf32>
    vector.print %v : vector<4xf32>
  }
  %s = affine.vector_load %m[%c1 * 2 - 1, symbol(%c4)] : memref<4x8xf32>, vector<4xf32>
  vector.print %s : vector<4xf32>
  %w = arith.constant dense<[-1.0, -2.0, -3.0]> : vector<3xf32>
  affine.vector_store %w, %m[%c2 + 1, symbol(%c4) + 1] : memref<4x8xf32>, vector<3xf32>
  %w2 = arith.constant dense<[7.5, 8.5]> : vector<2xf32>
  affine.vector_store %w2, %m[0, 0] : memref<4x8xf32>, vector<2xf32>
  affine.for %i = 0 to 4 {
    %r = affine.vector_load %m[%i, 0] : memref<4x8xf32>, vector<8xf32>
    vector.print %r : vector<8xf32>
  }
  memref.dealloc %m : memref<4x8xf32>
  %z = arith.constant 0 : i64
  return %z : i64
}
