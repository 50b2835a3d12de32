// memref.copy between strided views (memrefCopy of the runner utilities).
func.func private @printMemrefF64(memref<*xf64>)
func.func private @printMemrefF32(memref<*xf32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %d = memref.alloc() : memref<4x5xf64>
  %f = memref.alloc() : memref<2x3x4xf32>
  %zero = arith.constant 0.0 : f64
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c5 step %c1 {
      memref.store %zero, %d[%i, %j] : memref<4x5xf64>
    }
  }
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c3 step %c1 {
      scf.for %k = %c0 to %c4 step %c1 {
        %a = arith.muli %i, %c3 : index
        %a2 = arith.addi %a, %j : index
        %a3 = arith.muli %a2, %c4 : index
        %a4 = arith.addi %a3, %k : index
        %ai = arith.index_cast %a4 : index to i32
        %af = arith.sitofp %ai : i32 to f32
        memref.store %af, %f[%i, %j, %k] : memref<2x3x4xf32>
      }
    }
  }
  %src = memref.alloc() : memref<3x2xf64>
  scf.for %i = %c0 to %c3 step %c1 {
    scf.for %j = %c0 to %c2 step %c1 {
      %i2 = arith.muli %i, %c2 : index
      %k = arith.addi %i2, %j : index
      %ki = arith.index_cast %k : index to i64
      %kf = arith.sitofp %ki : i64 to f64
      memref.store %kf, %src[%i, %j] : memref<3x2xf64>
    }
  }
  %win = memref.subview %d[1, 1] [3, 2] [1, 2] : memref<4x5xf64> to memref<3x2xf64, strided<[5, 2], offset: 6>>
  memref.copy %src, %win : memref<3x2xf64> to memref<3x2xf64, strided<[5, 2], offset: 6>>
  %ud = memref.cast %d : memref<4x5xf64> to memref<*xf64>
  call @printMemrefF64(%ud) : (memref<*xf64>) -> ()
  %fs = memref.subview %f[1, 0, 1] [1, 3, 2] [1, 1, 2] : memref<2x3x4xf32> to memref<1x3x2xf32, strided<[12, 4, 2], offset: 13>>
  %dst = memref.alloc() : memref<1x3x2xf32>
  memref.copy %fs, %dst : memref<1x3x2xf32, strided<[12, 4, 2], offset: 13>> to memref<1x3x2xf32>
  %udst = memref.cast %dst : memref<1x3x2xf32> to memref<*xf32>
  call @printMemrefF32(%udst) : (memref<*xf32>) -> ()
  return
}
