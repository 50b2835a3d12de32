func.func @main() -> i64 {
  %m = memref.alloc() : memref<16xf32>
  %c0 = arith.constant 0 : index
  %f1 = arith.constant 1.5 : f32
  affine.for %i = 0 to 16 {
    affine.store %f1, %m[%i] : memref<16xf32>
  }
  %s = affine.for %i = 0 to 10 step 3 iter_args(%acc = %c0) -> (index) {
    %a = affine.apply affine_map<(d0) -> (d0 floordiv 2 + d0 mod 3 - (d0 - 7) ceildiv 4)>(%i)
    %b = affine.min affine_map<(d0)[s0] -> (d0 * 2, s0 + 3)>(%a)[%i]
    %r = affine.if affine_set<(d0) : (d0 - 4 >= 0)>(%i) -> index {
      %t = arith.addi %acc, %b : index
      affine.yield %t : index
    } else {
      %t = arith.subi %acc, %a : index
      affine.yield %t : index
    }
    affine.yield %r : index
  }
  %x = affine.max affine_map<(d0) -> (d0 - 20, -5)>(%s)
  %v = affine.load %m[%s mod 16] : memref<16xf32>
  memref.dealloc %m : memref<16xf32>
  %k = arith.constant 1000 : index
  %p = arith.muli %s, %k : index
  %q = arith.addi %p, %x : index
  %w = arith.index_cast %q : index to i64
  %vi = arith.fptosi %v : f32 to i64
  %k2 = arith.constant 1000000 : i64
  %vv = arith.muli %vi, %k2 : i64
  %res = arith.addi %w, %vv : i64
  return %res : i64
}
