// Row softmax of a 5x13 f32 matrix, two rows per program over the whole
// (padded) row: load with pad neg_inf, max, subtract, exp, sum, divide,
// store with bounds_check. Printed next to linalg.softmax's result.
tile.func @softmax(%x: memref<?x?xf32>, %y: memref<?x?xf32>) grid [parallel] {
  %X = tile.view %x : memref<?x?xf32> -> !tile.view<?x?xf32>
  %Y = tile.view %y : memref<?x?xf32> -> !tile.view<?x?xf32>
  %p = tile.program_id 0 : index
  %c0 = arith.constant 0 : index
  %t = tile.load %X[%p, %c0] pad neg_inf : !tile.view<?x?xf32> -> tensor<2x16xf32>
  %m = tile.reduce max %t dim 1 : tensor<2x16xf32> -> tensor<2xf32>
  %m1 = tile.expand_dims %m dim 1 : tensor<2xf32> -> tensor<2x1xf32>
  %mb = tile.broadcast %m1 : tensor<2x1xf32> -> tensor<2x16xf32>
  %d = arith.subf %t, %mb : tensor<2x16xf32>
  %e = math.exp %d : tensor<2x16xf32>
  %s = tile.reduce sum %e dim 1 : tensor<2x16xf32> -> tensor<2xf32>
  %s1 = tile.expand_dims %s dim 1 : tensor<2xf32> -> tensor<2x1xf32>
  %sb = tile.broadcast %s1 : tensor<2x1xf32> -> tensor<2x16xf32>
  %r = arith.divf %e, %sb : tensor<2x16xf32>
  tile.store %r, %Y[%p, %c0] bounds_check : tensor<2x16xf32>, !tile.view<?x?xf32>
  tile.return
}

func.func @compute() -> (memref<?x?xf32>, memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %c13 = arith.constant 13 : index
  %x = memref.alloc(%c5, %c13) : memref<?x?xf32>
  %y = memref.alloc(%c5, %c13) : memref<?x?xf32>
  %ref = memref.alloc(%c5, %c13) : memref<?x?xf32>
  %k = arith.constant 0.7 : f32
  scf.for %i = %c0 to %c5 step %c1 {
    scf.for %j = %c0 to %c13 step %c1 {
      %t = arith.muli %i, %c13 : index
      %u = arith.addi %t, %j : index
      %w = arith.index_cast %u : index to i64
      %f = arith.sitofp %w : i64 to f32
      %g = arith.mulf %f, %k : f32
      %s = math.sin %g : f32
      %v = arith.mulf %s, %f : f32
      memref.store %v, %x[%i, %j] : memref<?x?xf32>
    }
  }
  %c3 = arith.constant 3 : index
  tile.launch @softmax grid [%c3] (%x, %y) : memref<?x?xf32>, memref<?x?xf32>
  linalg.softmax dimension(1) ins(%x : memref<?x?xf32>) outs(%ref : memref<?x?xf32>)
  memref.dealloc %x : memref<?x?xf32>
  return %y, %ref : memref<?x?xf32>, memref<?x?xf32>
}

func.func @main() {
  %r:2 = call @compute() : () -> (memref<?x?xf32>, memref<?x?xf32>)
  %u = memref.cast %r#0 : memref<?x?xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %v = memref.cast %r#1 : memref<?x?xf32> to memref<*xf32>
  call @printMemrefF32(%v) : (memref<*xf32>) -> ()
  memref.dealloc %r#0 : memref<?x?xf32>
  memref.dealloc %r#1 : memref<?x?xf32>
  return
}

func.func private @printMemrefF32(memref<*xf32>)
