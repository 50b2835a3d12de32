// Static memrefs inside one function: memref.alloc, memref.alloca,
// memref.load and memref.store in loops (a matrix product and a prefix
// sum), results printed element by element.
func.func private @printF32(f32)
func.func private @printI64(i64)
func.func private @printComma()
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %a = memref.alloc() : memref<3x4xf32>
  %b = memref.alloc() : memref<4x3xf32>
  %c = memref.alloca() : memref<3x3xf32>
  %half = arith.constant 0.5 : f32
  scf.for %i = %c0 to %c3 step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      %ij = arith.muli %i, %c4 : index
      %k = arith.addi %ij, %j : index
      %ki = arith.index_cast %k : index to i32
      %kf = arith.sitofp %ki : i32 to f32
      %v = arith.mulf %kf, %half : f32
      memref.store %v, %a[%i, %j] : memref<3x4xf32>
      %w = arith.subf %half, %kf : f32
      memref.store %w, %b[%j, %i] : memref<4x3xf32>
    }
  }
  %zero = arith.constant 0.0 : f32
  scf.for %i = %c0 to %c3 step %c1 {
    scf.for %j = %c0 to %c3 step %c1 {
      %s = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (f32) {
        %x = memref.load %a[%i, %k] : memref<3x4xf32>
        %y = memref.load %b[%k, %j] : memref<4x3xf32>
        %p = arith.mulf %x, %y : f32
        %q = arith.addf %acc, %p : f32
        scf.yield %q : f32
      }
      memref.store %s, %c[%i, %j] : memref<3x3xf32>
    }
  }
  scf.for %i = %c0 to %c3 step %c1 {
    scf.for %j = %c0 to %c3 step %c1 {
      %v = memref.load %c[%i, %j] : memref<3x3xf32>
      func.call @printF32(%v) : (f32) -> ()
      func.call @printComma() : () -> ()
    }
    func.call @printNewline() : () -> ()
  }
  // Prefix sums of i*i in an i64 buffer.
  %c10 = arith.constant 10 : index
  %p = memref.alloc() : memref<10xi64>
  %z = arith.constant 0 : i64
  %last = scf.for %i = %c0 to %c10 step %c1 iter_args(%acc = %z) -> (i64) {
    %ii = arith.index_cast %i : index to i64
    %sq = arith.muli %ii, %ii : i64
    %n = arith.addi %acc, %sq : i64
    memref.store %n, %p[%i] : memref<10xi64>
    scf.yield %n : i64
  }
  scf.for %i = %c0 to %c10 step %c1 {
    %v = memref.load %p[%i] : memref<10xi64>
    func.call @printI64(%v) : (i64) -> ()
    func.call @printComma() : () -> ()
  }
  call @printI64(%last) : (i64) -> ()
  call @printNewline() : () -> ()
  memref.dealloc %p : memref<10xi64>
  memref.dealloc %b : memref<4x3xf32>
  memref.dealloc %a : memref<3x4xf32>
  return
}
