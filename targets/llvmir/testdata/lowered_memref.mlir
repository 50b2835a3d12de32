// A program with memrefs: main fills a heap buffer of 4x8 values with
// i*8+j, sums it through a stack accumulator and returns 0 when the sum is
// 496.
func.func @main() -> i32 {
  %buf = memref.alloc() : memref<4x8xi64>
  %acc = memref.alloca() : memref<i64>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %z = arith.constant 0 : i64
  memref.store %z, %acc[] : memref<i64>
  cf.br ^rows(%c0 : index)
^rows(%i: index):
  %ri = arith.cmpi slt, %i, %c4 : index
  cf.cond_br %ri, ^cols0, ^done
^cols0:
  cf.br ^cols(%c0 : index)
^cols(%j: index):
  %rj = arith.cmpi slt, %j, %c8 : index
  cf.cond_br %rj, ^body, ^nextrow
^body:
  %row = arith.muli %i, %c8 : index
  %lin = arith.addi %row, %j : index
  %v = arith.index_cast %lin : index to i64
  memref.store %v, %buf[%i, %j] : memref<4x8xi64>
  %back = memref.load %buf[%i, %j] : memref<4x8xi64>
  %old = memref.load %acc[] : memref<i64>
  %new = arith.addi %old, %back : i64
  memref.store %new, %acc[] : memref<i64>
  %j2 = arith.addi %j, %c1 : index
  cf.br ^cols(%j2 : index)
^nextrow:
  %i2 = arith.addi %i, %c1 : index
  cf.br ^rows(%i2 : index)
^done:
  memref.dealloc %buf : memref<4x8xi64>
  %sum = memref.load %acc[] : memref<i64>
  %want = arith.constant 496 : i64
  %ok = arith.cmpi eq, %sum, %want : i64
  %r0 = arith.constant 0 : i32
  %r1 = arith.constant 1 : i32
  %res = arith.select %ok, %r0, %r1 : i32
  return %res : i32
}
