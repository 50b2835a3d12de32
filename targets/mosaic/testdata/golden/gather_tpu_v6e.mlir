module {
  func.func @embed_kernel_tpu(%arg0: i32, %arg1: memref<20x1xi32, #tpu.memory_space<smem>>, %arg2: memref<8x1xi32, #tpu.memory_space<vmem>>, %arg3: memref<40x128xf32, #tpu.memory_space<any>>, %arg4: memref<8x128xf32, #tpu.memory_space<vmem>>, %arg5: memref<8x128xf32, #tpu.memory_space<vmem>>, %arg6: memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<parallel>], iteration_bounds = array<i64: 3>, scalar_prefetch = 1 : i64, scratch_operands = 2 : i64, tpu.core_type = #tpu.core_type<tc>, window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 8, 1>}, {}, {transform_indices = @transform_2, window_bounds = array<i64: 8, 128>}]} {
    %cst = arith.constant dense<40> : vector<8x128xi32>
    %cst_0 = arith.constant dense<0> : vector<8x128xi32>
    %cst_1 = arith.constant dense<0.000000e+00> : vector<8x128xf32>
    %c7_i32 = arith.constant 7 : i32
    %c6_i32 = arith.constant 6 : i32
    %c5_i32 = arith.constant 5 : i32
    %c4_i32 = arith.constant 4 : i32
    %c3_i32 = arith.constant 3 : i32
    %c2_i32 = arith.constant 2 : i32
    %c1_i32 = arith.constant 1 : i32
    %c39_i32 = arith.constant 39 : i32
    %c0_i32 = arith.constant 0 : i32
    %c19_i32 = arith.constant 19 : i32
    %cst_2 = arith.constant dense<0> : vector<8x1xi32>
    %cst_3 = arith.constant dense<20> : vector<8x1xi32>
    %c8_i32 = arith.constant 8 : i32
    %c0 = arith.constant 0 : index
    %0 = vector.load %arg2[%c0, %c0] : memref<8x1xi32, #tpu.memory_space<vmem>>, vector<8x1xi32>
    %1 = tpu.iota {dimensions = array<i32: 0>} : vector<8x1xi32>
    %2 = arith.muli %arg0, %c8_i32 : i32
    %3 = vector.broadcast %2 : i32 to vector<8x1xi32>
    %4 = arith.addi %1, %3 : vector<8x1xi32>
    %5 = arith.cmpi slt, %4, %cst_3 : vector<8x1xi32>
    %6 = arith.select %5, %0, %cst_2 : vector<8x1xi1>, vector<8x1xi32>
    %7 = vector.broadcast %6 : vector<8x1xi32> to vector<8x128xi32>
    %8 = arith.minsi %2, %c19_i32 : i32
    %9 = arith.index_cast %8 : i32 to index
    %10 = memref.load %arg1[%9, %c0] : memref<20x1xi32, #tpu.memory_space<smem>>
    %11 = arith.minsi %10, %c39_i32 : i32
    %12 = arith.maxsi %11, %c0_i32 : i32
    %13 = tpu.memref_slice %arg3[%12, %c0_i32] : memref<40x128xf32, #tpu.memory_space<any>> -> memref<1x128xf32, #tpu.memory_space<any>>
    %14 = tpu.memref_slice %arg5[%c0_i32, %c0_i32] : memref<8x128xf32, #tpu.memory_space<vmem>> -> memref<1x128xf32, #tpu.memory_space<vmem>>
    tpu.enqueue_dma source(%13 : memref<1x128xf32, #tpu.memory_space<any>>) target(%14 : memref<1x128xf32, #tpu.memory_space<vmem>>) target_semaphore(%arg6 : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
    %15 = arith.addi %2, %c1_i32 : i32
    %16 = arith.minsi %15, %c19_i32 : i32
    %17 = arith.index_cast %16 : i32 to index
    %18 = memref.load %arg1[%17, %c0] : memref<20x1xi32, #tpu.memory_space<smem>>
    %19 = arith.minsi %18, %c39_i32 : i32
    %20 = arith.maxsi %19, %c0_i32 : i32
    %21 = tpu.memref_slice %arg3[%20, %c0_i32] : memref<40x128xf32, #tpu.memory_space<any>> -> memref<1x128xf32, #tpu.memory_space<any>>
    %22 = tpu.memref_slice %arg5[%c1_i32, %c0_i32] : memref<8x128xf32, #tpu.memory_space<vmem>> -> memref<1x128xf32, #tpu.memory_space<vmem>>
    tpu.enqueue_dma source(%21 : memref<1x128xf32, #tpu.memory_space<any>>) target(%22 : memref<1x128xf32, #tpu.memory_space<vmem>>) target_semaphore(%arg6 : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
    %23 = arith.addi %2, %c2_i32 : i32
    %24 = arith.minsi %23, %c19_i32 : i32
    %25 = arith.index_cast %24 : i32 to index
    %26 = memref.load %arg1[%25, %c0] : memref<20x1xi32, #tpu.memory_space<smem>>
    %27 = arith.minsi %26, %c39_i32 : i32
    %28 = arith.maxsi %27, %c0_i32 : i32
    %29 = tpu.memref_slice %arg3[%28, %c0_i32] : memref<40x128xf32, #tpu.memory_space<any>> -> memref<1x128xf32, #tpu.memory_space<any>>
    %30 = tpu.memref_slice %arg5[%c2_i32, %c0_i32] : memref<8x128xf32, #tpu.memory_space<vmem>> -> memref<1x128xf32, #tpu.memory_space<vmem>>
    tpu.enqueue_dma source(%29 : memref<1x128xf32, #tpu.memory_space<any>>) target(%30 : memref<1x128xf32, #tpu.memory_space<vmem>>) target_semaphore(%arg6 : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
    %31 = arith.addi %2, %c3_i32 : i32
    %32 = arith.minsi %31, %c19_i32 : i32
    %33 = arith.index_cast %32 : i32 to index
    %34 = memref.load %arg1[%33, %c0] : memref<20x1xi32, #tpu.memory_space<smem>>
    %35 = arith.minsi %34, %c39_i32 : i32
    %36 = arith.maxsi %35, %c0_i32 : i32
    %37 = tpu.memref_slice %arg3[%36, %c0_i32] : memref<40x128xf32, #tpu.memory_space<any>> -> memref<1x128xf32, #tpu.memory_space<any>>
    %38 = tpu.memref_slice %arg5[%c3_i32, %c0_i32] : memref<8x128xf32, #tpu.memory_space<vmem>> -> memref<1x128xf32, #tpu.memory_space<vmem>>
    tpu.enqueue_dma source(%37 : memref<1x128xf32, #tpu.memory_space<any>>) target(%38 : memref<1x128xf32, #tpu.memory_space<vmem>>) target_semaphore(%arg6 : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
    %39 = arith.addi %2, %c4_i32 : i32
    %40 = arith.minsi %39, %c19_i32 : i32
    %41 = arith.index_cast %40 : i32 to index
    %42 = memref.load %arg1[%41, %c0] : memref<20x1xi32, #tpu.memory_space<smem>>
    %43 = arith.minsi %42, %c39_i32 : i32
    %44 = arith.maxsi %43, %c0_i32 : i32
    %45 = tpu.memref_slice %arg3[%44, %c0_i32] : memref<40x128xf32, #tpu.memory_space<any>> -> memref<1x128xf32, #tpu.memory_space<any>>
    %46 = tpu.memref_slice %arg5[%c4_i32, %c0_i32] : memref<8x128xf32, #tpu.memory_space<vmem>> -> memref<1x128xf32, #tpu.memory_space<vmem>>
    tpu.enqueue_dma source(%45 : memref<1x128xf32, #tpu.memory_space<any>>) target(%46 : memref<1x128xf32, #tpu.memory_space<vmem>>) target_semaphore(%arg6 : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
    %47 = arith.addi %2, %c5_i32 : i32
    %48 = arith.minsi %47, %c19_i32 : i32
    %49 = arith.index_cast %48 : i32 to index
    %50 = memref.load %arg1[%49, %c0] : memref<20x1xi32, #tpu.memory_space<smem>>
    %51 = arith.minsi %50, %c39_i32 : i32
    %52 = arith.maxsi %51, %c0_i32 : i32
    %53 = tpu.memref_slice %arg3[%52, %c0_i32] : memref<40x128xf32, #tpu.memory_space<any>> -> memref<1x128xf32, #tpu.memory_space<any>>
    %54 = tpu.memref_slice %arg5[%c5_i32, %c0_i32] : memref<8x128xf32, #tpu.memory_space<vmem>> -> memref<1x128xf32, #tpu.memory_space<vmem>>
    tpu.enqueue_dma source(%53 : memref<1x128xf32, #tpu.memory_space<any>>) target(%54 : memref<1x128xf32, #tpu.memory_space<vmem>>) target_semaphore(%arg6 : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
    %55 = arith.addi %2, %c6_i32 : i32
    %56 = arith.minsi %55, %c19_i32 : i32
    %57 = arith.index_cast %56 : i32 to index
    %58 = memref.load %arg1[%57, %c0] : memref<20x1xi32, #tpu.memory_space<smem>>
    %59 = arith.minsi %58, %c39_i32 : i32
    %60 = arith.maxsi %59, %c0_i32 : i32
    %61 = tpu.memref_slice %arg3[%60, %c0_i32] : memref<40x128xf32, #tpu.memory_space<any>> -> memref<1x128xf32, #tpu.memory_space<any>>
    %62 = tpu.memref_slice %arg5[%c6_i32, %c0_i32] : memref<8x128xf32, #tpu.memory_space<vmem>> -> memref<1x128xf32, #tpu.memory_space<vmem>>
    tpu.enqueue_dma source(%61 : memref<1x128xf32, #tpu.memory_space<any>>) target(%62 : memref<1x128xf32, #tpu.memory_space<vmem>>) target_semaphore(%arg6 : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
    %63 = arith.addi %2, %c7_i32 : i32
    %64 = arith.minsi %63, %c19_i32 : i32
    %65 = arith.index_cast %64 : i32 to index
    %66 = memref.load %arg1[%65, %c0] : memref<20x1xi32, #tpu.memory_space<smem>>
    %67 = arith.minsi %66, %c39_i32 : i32
    %68 = arith.maxsi %67, %c0_i32 : i32
    %69 = tpu.memref_slice %arg3[%68, %c0_i32] : memref<40x128xf32, #tpu.memory_space<any>> -> memref<1x128xf32, #tpu.memory_space<any>>
    %70 = tpu.memref_slice %arg5[%c7_i32, %c0_i32] : memref<8x128xf32, #tpu.memory_space<vmem>> -> memref<1x128xf32, #tpu.memory_space<vmem>>
    tpu.enqueue_dma source(%69 : memref<1x128xf32, #tpu.memory_space<any>>) target(%70 : memref<1x128xf32, #tpu.memory_space<vmem>>) target_semaphore(%arg6 : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
    tpu.wait_dma2 semaphore(%arg6 : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) src(%13 : memref<1x128xf32, #tpu.memory_space<any>>) dst(%14 : memref<1x128xf32, #tpu.memory_space<vmem>>)
    tpu.wait_dma2 semaphore(%arg6 : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) src(%21 : memref<1x128xf32, #tpu.memory_space<any>>) dst(%22 : memref<1x128xf32, #tpu.memory_space<vmem>>)
    tpu.wait_dma2 semaphore(%arg6 : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) src(%29 : memref<1x128xf32, #tpu.memory_space<any>>) dst(%30 : memref<1x128xf32, #tpu.memory_space<vmem>>)
    tpu.wait_dma2 semaphore(%arg6 : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) src(%37 : memref<1x128xf32, #tpu.memory_space<any>>) dst(%38 : memref<1x128xf32, #tpu.memory_space<vmem>>)
    tpu.wait_dma2 semaphore(%arg6 : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) src(%45 : memref<1x128xf32, #tpu.memory_space<any>>) dst(%46 : memref<1x128xf32, #tpu.memory_space<vmem>>)
    tpu.wait_dma2 semaphore(%arg6 : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) src(%53 : memref<1x128xf32, #tpu.memory_space<any>>) dst(%54 : memref<1x128xf32, #tpu.memory_space<vmem>>)
    tpu.wait_dma2 semaphore(%arg6 : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) src(%61 : memref<1x128xf32, #tpu.memory_space<any>>) dst(%62 : memref<1x128xf32, #tpu.memory_space<vmem>>)
    tpu.wait_dma2 semaphore(%arg6 : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) src(%69 : memref<1x128xf32, #tpu.memory_space<any>>) dst(%70 : memref<1x128xf32, #tpu.memory_space<vmem>>)
    %71 = vector.load %arg5[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    %72 = arith.cmpi sge, %7, %cst_0 : vector<8x128xi32>
    %73 = arith.cmpi slt, %7, %cst : vector<8x128xi32>
    %74 = arith.andi %72, %73 : vector<8x128xi1>
    %75 = arith.select %74, %71, %cst_1 : vector<8x128xi1>, vector<8x128xf32>
    tpu.vector_store %arg4[%c0, %c0], %75 {strides = array<i32>} : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>, 
    return
  }
  func.func @transform_0(%arg0: i32, %arg1: memref<20x1xi32, #tpu.memory_space<smem>>) -> (i32, i32) {
    %c0_i32 = arith.constant 0 : i32
    return %arg0, %c0_i32 : i32, i32
  }
  func.func @transform_2(%arg0: i32, %arg1: memref<20x1xi32, #tpu.memory_space<smem>>) -> (i32, i32) {
    %c0_i32 = arith.constant 0 : i32
    return %arg0, %c0_i32 : i32, i32
  }
}

