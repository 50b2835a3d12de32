// A Mosaic kernel as one writes it by hand: A stays in HBM (memory space
// ANY) and each program copies its 8 rows into a VMEM scratch buffer with
// a DMA, waits on the DMA semaphore, multiplies the bf16 rows by B's
// block on the MXU into f32 and stores C's block; a semaphore counts the
// programs. Rows of C past row 12 (the array has 12) are dropped.
module {
  func.func @kernel(%i: i32, %j: i32, %a: memref<12x256xbf16, #tpu.memory_space<any>>, %b: memref<256x128xbf16, #tpu.memory_space<vmem>>, %c: memref<8x128xf32, #tpu.memory_space<vmem>>, %buf: memref<8x256xbf16, #tpu.memory_space<vmem>>, %sem: memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<parallel>, #tpu.dimension_semantics<parallel>], iteration_bounds = array<i64: 2, 2>, scalar_prefetch = 0 : i64, scratch_operands = 2 : i64, tpu.core_type = #tpu.core_type<tc>, window_params = [{}, {transform_indices = @tb, window_bounds = array<i64: 256, 128>}, {transform_indices = @tc, window_bounds = array<i64: 8, 128>}]} {
    %c0 = arith.constant 0 : index
    %c0_i32 = arith.constant 0 : i32
    %c4_i32 = arith.constant 4 : i32
    %c8_i32 = arith.constant 8 : i32
    %row = arith.muli %i, %c8_i32 : i32
    %start = arith.minsi %row, %c4_i32 : i32
    %src = tpu.memref_slice %a[%start, %c0_i32] : memref<12x256xbf16, #tpu.memory_space<any>> -> memref<8x256xbf16, #tpu.memory_space<any>>
    tpu.enqueue_dma source(%src : memref<8x256xbf16, #tpu.memory_space<any>>) target(%buf : memref<8x256xbf16, #tpu.memory_space<vmem>>) target_semaphore(%sem : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
    tpu.wait_dma2 semaphore(%sem : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) src(%src : memref<8x256xbf16, #tpu.memory_space<any>>) dst(%buf : memref<8x256xbf16, #tpu.memory_space<vmem>>)
    %x = vector.load %buf[%c0, %c0] : memref<8x256xbf16, #tpu.memory_space<vmem>>, vector<8x256xbf16>
    %y = vector.load %b[%c0, %c0] : memref<256x128xbf16, #tpu.memory_space<vmem>>, vector<256x128xbf16>
    %z = arith.constant dense<0.0> : vector<8x128xf32>
    %d = tpu.matmul %x, %y, %z {dimension_numbers = #tpu.dot_dimension_numbers<[1], [0], [0], [1], [0, 0, 1, 1], [], []>, transpose_lhs_hint = false} : vector<8x256xbf16>, vector<256x128xbf16>, vector<8x128xf32> -> vector<8x128xf32>
    tpu.vector_store %c[%c0, %c0], %d {strides = array<i32>} : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>,
    return
  }
  func.func @tb(%i: i32, %j: i32) -> (i32, i32) {
    %c0 = arith.constant 0 : i32
    return %c0, %j : i32, i32
  }
  func.func @tc(%i: i32, %j: i32) -> (i32, i32) {
    return %i, %j : i32, i32
  }
  func.func @main(%a: memref<12x256xbf16>, %b: memref<256x256xbf16>, %c: memref<12x256xf32>) {
    tpu.pallas_call @kernel(%a, %b, %c) : memref<12x256xbf16>, memref<256x256xbf16>, memref<12x256xf32>
    return
  }
}
