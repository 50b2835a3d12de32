// memref views alias their buffer: subview, cast, transpose,
// collapse/expand_shape, reinterpret_cast; globals, copy, dim, alloca,
// extract_strided_metadata.
func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI64(memref<*xi64>)
func.func private @printI64(i64)
func.func private @printNewline()
func.func private @printComma()

memref.global "private" constant @table : memref<2x3xf32> = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]>
memref.global "private" @counter : memref<1xi64> = dense<0>

func.func @bump() {
  %c0 = arith.constant 0 : index
  %g = memref.get_global @counter : memref<1xi64>
  %v = memref.load %g[%c0] : memref<1xi64>
  %one = arith.constant 1 : i64
  %n = arith.addi %v, %one : i64
  memref.store %n, %g[%c0] : memref<1xi64>
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %a = memref.alloc() : memref<4x6xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c6 step %c1 {
      %k = arith.muli %i, %c6 : index
      %l = arith.addi %k, %j : index
      %li = arith.index_cast %l : index to i32
      %f = arith.sitofp %li : i32 to f32
      memref.store %f, %a[%i, %j] : memref<4x6xf32>
    }
  }
  // A strided window, written through.
  %s = memref.subview %a[1, 1] [2, 3] [2, 2] : memref<4x6xf32> to memref<2x3xf32, strided<[12, 2], offset: 7>>
  %neg = arith.constant -1.0 : f32
  memref.store %neg, %s[%c1, %c2] : memref<2x3xf32, strided<[12, 2], offset: 7>>
  %us = memref.cast %s : memref<2x3xf32, strided<[12, 2], offset: 7>> to memref<*xf32>
  call @printMemrefF32(%us) : (memref<*xf32>) -> ()
  // A rank-reducing subview.
  %row = memref.subview %a[2, 0] [1, 6] [1, 1] : memref<4x6xf32> to memref<6xf32, strided<[1], offset: 12>>
  %urow = memref.cast %row : memref<6xf32, strided<[1], offset: 12>> to memref<*xf32>
  call @printMemrefF32(%urow) : (memref<*xf32>) -> ()
  %t = memref.transpose %a (i, j) -> (j, i) : memref<4x6xf32> to memref<6x4xf32, strided<[1, 6]>>
  %ut = memref.cast %t : memref<6x4xf32, strided<[1, 6]>> to memref<*xf32>
  call @printMemrefF32(%ut) : (memref<*xf32>) -> ()
  %e = memref.expand_shape %a [[0], [1, 2]] output_shape [4, 2, 3] : memref<4x6xf32> into memref<4x2x3xf32>
  %ue = memref.cast %e : memref<4x2x3xf32> to memref<*xf32>
  call @printMemrefF32(%ue) : (memref<*xf32>) -> ()
  %col = memref.collapse_shape %a [[0, 1]] : memref<4x6xf32> into memref<24xf32>
  %r = memref.reinterpret_cast %col to offset: [2], sizes: [3, 2], strides: [5, 1] : memref<24xf32> to memref<3x2xf32, strided<[5, 1], offset: 2>>
  %ur = memref.cast %r : memref<3x2xf32, strided<[5, 1], offset: 2>> to memref<*xf32>
  call @printMemrefF32(%ur) : (memref<*xf32>) -> ()
  %base, %off, %sz:2, %st:2 = memref.extract_strided_metadata %s : memref<2x3xf32, strided<[12, 2], offset: 7>> -> memref<f32>, index, index, index, index, index
  %meta = memref.alloca() : memref<5xi64>
  %m0 = arith.index_cast %off : index to i64
  %m1 = arith.index_cast %sz#0 : index to i64
  %m2 = arith.index_cast %sz#1 : index to i64
  %m3 = arith.index_cast %st#0 : index to i64
  %m4 = arith.index_cast %st#1 : index to i64
  %c3 = arith.constant 3 : index
  memref.store %m0, %meta[%c0] : memref<5xi64>
  memref.store %m1, %meta[%c1] : memref<5xi64>
  memref.store %m2, %meta[%c2] : memref<5xi64>
  memref.store %m3, %meta[%c3] : memref<5xi64>
  memref.store %m4, %meta[%c4] : memref<5xi64>
  %um = memref.cast %meta : memref<5xi64> to memref<*xi64>
  call @printMemrefI64(%um) : (memref<*xi64>) -> ()
  // Dynamic sizes, copy and dim.
  %d = memref.alloc(%c2) : memref<?x3xf32>
  %g = memref.get_global @table : memref<2x3xf32>
  %gd = memref.cast %g : memref<2x3xf32> to memref<?x3xf32>
  memref.copy %gd, %d : memref<?x3xf32> to memref<?x3xf32>
  %dim = memref.dim %d, %c0 : memref<?x3xf32>
  %dimi = arith.index_cast %dim : index to i64
  call @printI64(%dimi) : (i64) -> ()
  call @printNewline() : () -> ()
  %ud = memref.cast %d : memref<?x3xf32> to memref<*xf32>
  call @printMemrefF32(%ud) : (memref<*xf32>) -> ()
  call @bump() : () -> ()
  call @bump() : () -> ()
  call @bump() : () -> ()
  %two = arith.constant 2.5 : f32
  %old = memref.atomic_rmw addf %two, %d[%c1, %c1] : (f32, memref<?x3xf32>) -> f32
  %old2 = memref.atomic_rmw assign %two, %d[%c0, %c2] : (f32, memref<?x3xf32>) -> f32
  %prev = arith.addf %old, %old2 : f32
  memref.store %prev, %d[%c0, %c0] : memref<?x3xf32>
  %ud2 = memref.cast %d : memref<?x3xf32> to memref<*xf32>
  call @printMemrefF32(%ud2) : (memref<*xf32>) -> ()
  %cnt = memref.get_global @counter : memref<1xi64>
  %ucnt = memref.cast %cnt : memref<1xi64> to memref<*xi64>
  call @printMemrefI64(%ucnt) : (memref<*xi64>) -> ()
  memref.dealloc %d : memref<?x3xf32>
  memref.dealloc %a : memref<4x6xf32>
  return
}
