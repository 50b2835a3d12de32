// memref.reshape with a static shape of i32 and a dynamic shape of index
// read at run time, writes through the reshaped view seen by the source,
// memref.prefetch and memref.distinct_objects of two buffers.
func.func @reshape(%m: memref<2x6xf32>, %n: index) {
  %shape = memref.alloc() : memref<3xi32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %i3 = arith.constant 3 : i32
  %i2 = arith.constant 2 : i32
  memref.store %i3, %shape[%c0] : memref<3xi32>
  memref.store %i2, %shape[%c1] : memref<3xi32>
  memref.store %i2, %shape[%c2] : memref<3xi32>
  %r = memref.reshape %m(%shape) : (memref<2x6xf32>, memref<3xi32>) -> memref<3x2x2xf32>
  %u = memref.cast %r : memref<3x2x2xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %x = arith.constant 99.0 : f32
  memref.store %x, %r[%c2, %c1, %c0] : memref<3x2x2xf32>
  %um = memref.cast %m : memref<2x6xf32> to memref<*xf32>
  call @printMemrefF32(%um) : (memref<*xf32>) -> ()
  %dshape = memref.alloc() : memref<2xindex>
  memref.store %n, %dshape[%c0] : memref<2xindex>
  %c4 = arith.constant 4 : index
  memref.store %c4, %dshape[%c1] : memref<2xindex>
  %d = memref.reshape %m(%dshape) : (memref<2x6xf32>, memref<2xindex>) -> memref<?x4xf32>
  %ud = memref.cast %d : memref<?x4xf32> to memref<*xf32>
  call @printMemrefF32(%ud) : (memref<*xf32>) -> ()
  memref.prefetch %m[%c1, %c2], read, locality<3>, data : memref<2x6xf32>
  %a, %b = memref.distinct_objects %shape, %dshape : memref<3xi32>, memref<2xindex>
  %v = memref.load %a[%c1] : memref<3xi32>
  vector.print %v : i32
  %w = memref.load %b[%c1] : memref<2xindex>
  vector.print %w : index
  memref.dealloc %shape : memref<3xi32>
  memref.dealloc %dshape : memref<2xindex>
  return
}

func.func @main() {
  %m = memref.alloc() : memref<2x6xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c6 = arith.constant 6 : index
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c6 step %c1 {
      %k = arith.muli %i, %c6 : index
      %l = arith.addi %k, %j : index
      %li = arith.index_cast %l : index to i32
      %lf = arith.sitofp %li : i32 to f32
      memref.store %lf, %m[%i, %j] : memref<2x6xf32>
    }
  }
  %c3 = arith.constant 3 : index
  call @reshape(%m, %c3) : (memref<2x6xf32>, index) -> ()
  memref.dealloc %m : memref<2x6xf32>
  return
}

func.func private @printMemrefF32(memref<*xf32>)
