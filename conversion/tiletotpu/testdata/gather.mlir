// An embedding lookup, written at the tile level: out[i, :] = table[ids[i], :]
// for 20 ids into a table of 40 rows of 128 (zero for ids outside the
// table). Each program gathers 8 rows: on TPU the table stays in HBM (a
// pl.ANY operand), the ids come both as a VMEM window and, whole, as a
// scalar-prefetch array in SMEM, and each row is copied by a DMA
// (tpu.enqueue_dma, then tpu.wait_dma2 on a DMA semaphore) into a VMEM
// scratch buffer.

func.func private @printMemrefF32(tensor<*xf32>)

tile.func @embed_kernel(%table: memref<40x128xf32>, %ids: memref<20x1xi32>, %out: memref<20x128xf32>) grid [parallel] {
  %p = tile.program_id 0 : index
  %c0 = arith.constant 0 : index
  %T = tile.view %table : memref<40x128xf32> -> !tile.view<40x128xf32>
  %I = tile.view %ids : memref<20x1xi32> -> !tile.view<20x1xi32>
  %O = tile.view %out : memref<20x128xf32> -> !tile.view<20x128xf32>
  %id = tile.load %I[%p, %c0] pad zero : !tile.view<20x1xi32> -> tensor<8x1xi32>
  %idx = arith.index_cast %id : tensor<8x1xi32> to tensor<8x1xindex>
  %rows = tile.broadcast %idx : tensor<8x1xindex> -> tensor<8x128xindex>
  %j = tile.iota : tensor<128xindex>
  %j2 = tile.expand_dims %j dim 0 : tensor<128xindex> -> tensor<1x128xindex>
  %cols = tile.broadcast %j2 : tensor<1x128xindex> -> tensor<8x128xindex>
  %g = tile.gather %T[%rows, %cols] pad zero : !tile.view<40x128xf32>, tensor<8x128xindex> -> tensor<8x128xf32>
  tile.store %g, %O[%p, %c0] bounds_check : tensor<8x128xf32>, !tile.view<20x128xf32>
  tile.return
}

// embed looks the ids up in the table.
func.func @embed(%table: memref<40x128xf32>, %ids: memref<20x1xi32>) -> memref<20x128xf32> {
  %c3 = arith.constant 3 : index
  %out = memref.alloc() : memref<20x128xf32>
  tile.launch @embed_kernel grid [%c3] (%table, %ids, %out) : memref<40x128xf32>, memref<20x1xi32>, memref<20x128xf32>
  return %out : memref<20x128xf32>
}

func.func @main() {
  %table = memref.alloc() : memref<40x128xf32>
  %ids = memref.alloc() : memref<20x1xi32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c20 = arith.constant 20 : index
  %c40 = arith.constant 40 : index
  %c128 = arith.constant 128 : index
  scf.for %i = %c0 to %c40 step %c1 {
    scf.for %j = %c0 to %c128 step %c1 {
      %k = arith.muli %i, %c128 : index
      %n = arith.addi %k, %j : index
      %ni = arith.index_cast %n : index to i32
      %nf = arith.sitofp %ni : i32 to f32
      memref.store %nf, %table[%i, %j] : memref<40x128xf32>
    }
  }
  // ids: (7 i) mod 43 - 1, so that some fall outside the table.
  scf.for %i = %c0 to %c20 step %c1 {
    %c7 = arith.constant 7 : index
    %c43 = arith.constant 43 : index
    %m = arith.muli %i, %c7 : index
    %r = arith.remui %m, %c43 : index
    %ri = arith.index_cast %r : index to i32
    %one = arith.constant 1 : i32
    %id = arith.subi %ri, %one : i32
    memref.store %id, %ids[%i, %c0] : memref<20x1xi32>
  }
  %o = call @embed(%table, %ids) : (memref<40x128xf32>, memref<20x1xi32>) -> memref<20x128xf32>
  %u = memref.cast %o : memref<20x128xf32> to memref<*xf32>
  %t = bufferization.to_tensor %u : memref<*xf32> to tensor<*xf32>
  call @printMemrefF32(%t) : (tensor<*xf32>) -> ()
  return
}
