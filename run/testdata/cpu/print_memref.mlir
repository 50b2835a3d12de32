// printMemref* of every element type the runner utilities print, at ranks
// 0 to 3, and of strided views (subview, transpose). The upstream runner
// utilities export printMemrefF16, I8 and I16 through their C interface
// only.
func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefF64(memref<*xf64>)
func.func private @printMemrefF16(memref<*xf16>) attributes {llvm.emit_c_interface}
func.func private @printMemrefI8(memref<*xi8>) attributes {llvm.emit_c_interface}
func.func private @printMemrefI16(memref<*xi16>) attributes {llvm.emit_c_interface}
func.func private @printMemrefI32(memref<*xi32>)
func.func private @printMemrefI64(memref<*xi64>)
func.func private @printMemrefInd(memref<*xindex>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %f = memref.alloc() : memref<2x3x4xf32>
  %d = memref.alloc() : memref<4x5xf64>
  %h = memref.alloc() : memref<2x4xf16>
  %b = memref.alloc() : memref<3x5xi8>
  %s = memref.alloc() : memref<5xi16>
  %w = memref.alloc() : memref<1x4xi32>
  %l = memref.alloc() : memref<4x1xi64>
  %x = memref.alloc() : memref<3xindex>
  %z = memref.alloc() : memref<f64>
  %tenth = arith.constant 0.1 : f32
  %c65 = arith.constant 65 : i32
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c5 step %c1 {
      %i5 = arith.muli %i, %c5 : index
      %k = arith.addi %i5, %j : index
      %ki = arith.index_cast %k : index to i32
      %kf = arith.sitofp %ki : i32 to f64
      %m = arith.constant -1.25e3 : f64
      %v = arith.mulf %kf, %m : f64
      memref.store %v, %d[%i, %j] : memref<4x5xf64>
      %in3 = arith.cmpi ult, %i, %c3 : index
      scf.if %in3 {
        %ch = arith.addi %ki, %c65 : i32
        %ch8 = arith.trunci %ch : i32 to i8
        memref.store %ch8, %b[%i, %j] : memref<3x5xi8>
      }
      %in2 = arith.cmpi ult, %i, %c2 : index
      %j4 = arith.cmpi ult, %j, %c4 : index
      %both = arith.andi %in2, %j4 : i1
      scf.if %both {
        %kf32 = arith.sitofp %ki : i32 to f32
        %hv = arith.mulf %kf32, %tenth : f32
        %hh = arith.truncf %hv : f32 to f16
        memref.store %hh, %h[%i, %j] : memref<2x4xf16>
      }
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
        %v = arith.mulf %af, %tenth : f32
        memref.store %v, %f[%i, %j, %k] : memref<2x3x4xf32>
      }
    }
  }
  scf.for %i = %c0 to %c5 step %c1 {
    %ii = arith.index_cast %i : index to i16
    %m = arith.constant -7000 : i16
    %v = arith.muli %ii, %m : i16
    memref.store %v, %s[%i] : memref<5xi16>
  }
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %m = arith.constant -1000000 : i32
    %v = arith.muli %ii, %m : i32
    memref.store %v, %w[%c0, %i] : memref<1x4xi32>
    %il = arith.index_cast %i : index to i64
    %big = arith.constant 3000000000000 : i64
    %vl = arith.muli %il, %big : i64
    memref.store %vl, %l[%i, %c0] : memref<4x1xi64>
  }
  scf.for %i = %c0 to %c3 step %c1 {
    %v = arith.muli %i, %c5 : index
    memref.store %v, %x[%i] : memref<3xindex>
  }
  %e = arith.constant 2.5e-8 : f64
  memref.store %e, %z[] : memref<f64>

  %uf = memref.cast %f : memref<2x3x4xf32> to memref<*xf32>
  call @printMemrefF32(%uf) : (memref<*xf32>) -> ()
  %ud = memref.cast %d : memref<4x5xf64> to memref<*xf64>
  call @printMemrefF64(%ud) : (memref<*xf64>) -> ()
  %uh = memref.cast %h : memref<2x4xf16> to memref<*xf16>
  call @printMemrefF16(%uh) : (memref<*xf16>) -> ()
  %ub = memref.cast %b : memref<3x5xi8> to memref<*xi8>
  call @printMemrefI8(%ub) : (memref<*xi8>) -> ()
  %us = memref.cast %s : memref<5xi16> to memref<*xi16>
  call @printMemrefI16(%us) : (memref<*xi16>) -> ()
  %uw = memref.cast %w : memref<1x4xi32> to memref<*xi32>
  call @printMemrefI32(%uw) : (memref<*xi32>) -> ()
  %ul = memref.cast %l : memref<4x1xi64> to memref<*xi64>
  call @printMemrefI64(%ul) : (memref<*xi64>) -> ()
  %ux = memref.cast %x : memref<3xindex> to memref<*xindex>
  call @printMemrefInd(%ux) : (memref<*xindex>) -> ()
  %uz = memref.cast %z : memref<f64> to memref<*xf64>
  call @printMemrefF64(%uz) : (memref<*xf64>) -> ()

  // A strided window of the f64 matrix, and its transpose.
  %win = memref.subview %d[1, 1] [3, 2] [1, 2] : memref<4x5xf64> to memref<3x2xf64, strided<[5, 2], offset: 6>>
  %uwin = memref.cast %win : memref<3x2xf64, strided<[5, 2], offset: 6>> to memref<*xf64>
  call @printMemrefF64(%uwin) : (memref<*xf64>) -> ()
  %t = memref.transpose %d (i, j) -> (j, i) : memref<4x5xf64> to memref<5x4xf64, strided<[1, 5]>>
  %ut = memref.cast %t : memref<5x4xf64, strided<[1, 5]>> to memref<*xf64>
  call @printMemrefF64(%ut) : (memref<*xf64>) -> ()

  return
}
