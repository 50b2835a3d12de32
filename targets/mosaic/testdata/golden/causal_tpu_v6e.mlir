module {
  func.func @attention_kernel0_tpu(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: memref<1x128x256xbf16, #tpu.memory_space<vmem>>, %arg4: memref<1x256x256xbf16, #tpu.memory_space<vmem>>, %arg5: memref<1x256x256xbf16, #tpu.memory_space<vmem>>, %arg6: memref<1x128x256xbf16, #tpu.memory_space<vmem>>, %arg7: memref<128xf32, #tpu.memory_space<vmem>>, %arg8: memref<128xf32, #tpu.memory_space<vmem>>, %arg9: memref<128x256xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<parallel>, #tpu.dimension_semantics<parallel>, #tpu.dimension_semantics<arbitrary>], iteration_bounds = array<i64: 3, 2, 2>, scalar_prefetch = 0 : i64, scratch_operands = 3 : i64, tpu.core_type = #tpu.core_type<tc>, window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 1, 128, 256>}, {transform_indices = @transform_1, window_bounds = array<i64: 1, 256, 256>}, {transform_indices = @transform_2, window_bounds = array<i64: 1, 256, 256>}, {transform_indices = @transform_3, window_bounds = array<i64: 1, 128, 256>}]} {
    %cst = arith.constant dense<300> : vector<128x256xi32>
    %cst_0 = arith.constant dense<0xFF800000> : vector<128x256xf32>
    %cst_1 = arith.constant dense<0.360673755> : vector<128x256xf32>
    %cst_2 = arith.constant dense<0.000000e+00> : vector<128x256xf32>
    %c1_i32 = arith.constant 1 : i32
    %cst_3 = arith.constant dense<0.000000e+00> : vector<128xf32>
    %cst_4 = arith.constant dense<0xFF800000> : vector<128xf32>
    %cst_5 = arith.constant dense<0.000000e+00> : vector<1x256x256xbf16>
    %cst_6 = arith.constant dense<16> : vector<1x256x256xi32>
    %cst_7 = arith.constant dense<300> : vector<1x256x256xi32>
    %c2 = arith.constant 2 : index
    %cst_8 = arith.constant dense<0.000000e+00> : vector<1x128x256xbf16>
    %cst_9 = arith.constant dense<16> : vector<1x128x256xi32>
    %c256_i32 = arith.constant 256 : i32
    %c0_i32 = arith.constant 0 : i32
    %cst_10 = arith.constant dense<300> : vector<1x128x256xi32>
    %c128_i32 = arith.constant 128 : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %c128 = arith.constant 128 : index
    %0 = arith.index_cast %arg2 : i32 to index
    %1 = arith.index_cast %arg0 : i32 to index
    %2 = vector.load %arg3[%c0, %c0, %c0] : memref<1x128x256xbf16, #tpu.memory_space<vmem>>, vector<1x128x256xbf16>
    %3 = tpu.iota {dimensions = array<i32: 1>} : vector<1x128x256xi32>
    %4 = arith.muli %arg0, %c128_i32 : i32
    %5 = vector.broadcast %4 : i32 to vector<1x128x256xi32>
    %6 = arith.addi %3, %5 : vector<1x128x256xi32>
    %7 = arith.cmpi slt, %6, %cst_10 : vector<1x128x256xi32>
    %8 = tpu.iota {dimensions = array<i32: 2>} : vector<1x128x256xi32>
    %9 = arith.cmpi slt, %8, %cst_9 : vector<1x128x256xi32>
    %10 = arith.andi %7, %9 : vector<1x128x256xi1>
    %11 = arith.select %10, %2, %cst_8 : vector<1x128x256xi1>, vector<1x128x256xbf16>
    %12 = vector.shape_cast %11 : vector<1x128x256xbf16> to vector<128x256xbf16>
    %13 = arith.muli %1, %c128 : index
    %14 = arith.divui %13, %c256 : index
    %15 = arith.minui %14, %c1 : index
    %16 = arith.addi %13, %c128 : index
    %17 = arith.ceildivui %16, %c256 : index
    %18 = arith.minui %17, %c2 : index
    %19 = arith.cmpi eq, %arg2, %c0_i32 : i32
    scf.if %19 {
      tpu.vector_store %arg7[%c0], %cst_4 {strides = array<i32>} : memref<128xf32, #tpu.memory_space<vmem>>, vector<128xf32>, 
      tpu.vector_store %arg8[%c0], %cst_3 {strides = array<i32>} : memref<128xf32, #tpu.memory_space<vmem>>, vector<128xf32>, 
      tpu.vector_store %arg9[%c0, %c0], %cst_2 {strides = array<i32>} : memref<128x256xf32, #tpu.memory_space<vmem>>, vector<128x256xf32>, 
    }
    %20 = arith.cmpi slt, %0, %15 : index
    scf.if %20 {
      %25 = vector.load %arg7[%c0] : memref<128xf32, #tpu.memory_space<vmem>>, vector<128xf32>
      %26 = vector.load %arg8[%c0] : memref<128xf32, #tpu.memory_space<vmem>>, vector<128xf32>
      %27 = vector.load %arg9[%c0, %c0] : memref<128x256xf32, #tpu.memory_space<vmem>>, vector<128x256xf32>
      %28 = vector.load %arg4[%c0, %c0, %c0] : memref<1x256x256xbf16, #tpu.memory_space<vmem>>, vector<1x256x256xbf16>
      %29 = tpu.iota {dimensions = array<i32: 1>} : vector<1x256x256xi32>
      %30 = arith.muli %arg2, %c256_i32 : i32
      %31 = vector.broadcast %30 : i32 to vector<1x256x256xi32>
      %32 = arith.addi %29, %31 : vector<1x256x256xi32>
      %33 = arith.cmpi slt, %32, %cst_7 : vector<1x256x256xi32>
      %34 = tpu.iota {dimensions = array<i32: 2>} : vector<1x256x256xi32>
      %35 = arith.cmpi slt, %34, %cst_6 : vector<1x256x256xi32>
      %36 = arith.andi %33, %35 : vector<1x256x256xi1>
      %37 = arith.select %36, %28, %cst_5 : vector<1x256x256xi1>, vector<1x256x256xbf16>
      %38 = vector.shape_cast %37 : vector<1x256x256xbf16> to vector<256x256xbf16>
      %39 = vector.transpose %38, [1, 0] : vector<256x256xbf16> to vector<256x256xbf16>
      %40 = tpu.matmul %12, %39, %cst_2 {dimension_numbers = #tpu.dot_dimension_numbers<[1], [0], [0], [1], [0, 0, 1, 1], [], []>, transpose_lhs_hint = false} : vector<128x256xbf16>, vector<256x256xbf16>, vector<128x256xf32> -> vector<128x256xf32>
      %41 = arith.mulf %40, %cst_1 : vector<128x256xf32>
      %42 = vector.multi_reduction <maximumf>, %41, %cst_4 [1] : vector<128x256xf32> to vector<128xf32>
      %43 = arith.maximumf %25, %42 : vector<128xf32>
      %44 = vector.shape_cast %43 : vector<128xf32> to vector<128x1xf32>
      %45 = vector.broadcast %44 : vector<128x1xf32> to vector<128x256xf32>
      %46 = arith.subf %41, %45 : vector<128x256xf32>
      %47 = math.exp2 %46 : vector<128x256xf32>
      %48 = vector.multi_reduction <add>, %47, %cst_3 [1] : vector<128x256xf32> to vector<128xf32>
      %49 = arith.subf %25, %43 : vector<128xf32>
      %50 = math.exp2 %49 : vector<128xf32>
      %51 = arith.mulf %26, %50 : vector<128xf32>
      %52 = arith.addf %51, %48 : vector<128xf32>
      %53 = vector.shape_cast %50 : vector<128xf32> to vector<128x1xf32>
      %54 = vector.broadcast %53 : vector<128x1xf32> to vector<128x256xf32>
      %55 = arith.mulf %27, %54 : vector<128x256xf32>
      %56 = arith.truncf %47 : vector<128x256xf32> to vector<128x256xbf16>
      %57 = vector.load %arg5[%c0, %c0, %c0] : memref<1x256x256xbf16, #tpu.memory_space<vmem>>, vector<1x256x256xbf16>
      %58 = arith.select %36, %57, %cst_5 : vector<1x256x256xi1>, vector<1x256x256xbf16>
      %59 = vector.shape_cast %58 : vector<1x256x256xbf16> to vector<256x256xbf16>
      %60 = tpu.matmul %56, %59, %55 {dimension_numbers = #tpu.dot_dimension_numbers<[1], [0], [0], [1], [0, 0, 1, 1], [], []>, transpose_lhs_hint = false} : vector<128x256xbf16>, vector<256x256xbf16>, vector<128x256xf32> -> vector<128x256xf32>
      tpu.vector_store %arg7[%c0], %43 {strides = array<i32>} : memref<128xf32, #tpu.memory_space<vmem>>, vector<128xf32>, 
      tpu.vector_store %arg8[%c0], %52 {strides = array<i32>} : memref<128xf32, #tpu.memory_space<vmem>>, vector<128xf32>, 
      tpu.vector_store %arg9[%c0, %c0], %60 {strides = array<i32>} : memref<128x256xf32, #tpu.memory_space<vmem>>, vector<128x256xf32>, 
    }
    %21 = arith.cmpi sge, %0, %15 : index
    %22 = arith.cmpi slt, %0, %18 : index
    %23 = arith.andi %21, %22 : i1
    scf.if %23 {
      %25 = vector.load %arg7[%c0] : memref<128xf32, #tpu.memory_space<vmem>>, vector<128xf32>
      %26 = vector.load %arg8[%c0] : memref<128xf32, #tpu.memory_space<vmem>>, vector<128xf32>
      %27 = vector.load %arg9[%c0, %c0] : memref<128x256xf32, #tpu.memory_space<vmem>>, vector<128x256xf32>
      %28 = vector.load %arg4[%c0, %c0, %c0] : memref<1x256x256xbf16, #tpu.memory_space<vmem>>, vector<1x256x256xbf16>
      %29 = tpu.iota {dimensions = array<i32: 1>} : vector<1x256x256xi32>
      %30 = arith.muli %arg2, %c256_i32 : i32
      %31 = vector.broadcast %30 : i32 to vector<1x256x256xi32>
      %32 = arith.addi %29, %31 : vector<1x256x256xi32>
      %33 = arith.cmpi slt, %32, %cst_7 : vector<1x256x256xi32>
      %34 = tpu.iota {dimensions = array<i32: 2>} : vector<1x256x256xi32>
      %35 = arith.cmpi slt, %34, %cst_6 : vector<1x256x256xi32>
      %36 = arith.andi %33, %35 : vector<1x256x256xi1>
      %37 = arith.select %36, %28, %cst_5 : vector<1x256x256xi1>, vector<1x256x256xbf16>
      %38 = vector.shape_cast %37 : vector<1x256x256xbf16> to vector<256x256xbf16>
      %39 = vector.transpose %38, [1, 0] : vector<256x256xbf16> to vector<256x256xbf16>
      %40 = tpu.matmul %12, %39, %cst_2 {dimension_numbers = #tpu.dot_dimension_numbers<[1], [0], [0], [1], [0, 0, 1, 1], [], []>, transpose_lhs_hint = false} : vector<128x256xbf16>, vector<256x256xbf16>, vector<128x256xf32> -> vector<128x256xf32>
      %41 = arith.mulf %40, %cst_1 : vector<128x256xf32>
      %42 = arith.muli %0, %c256 : index
      %43 = tpu.iota {dimensions = array<i32: 0>} : vector<256xi32>
      %44 = arith.index_cast %42 : index to i32
      %45 = vector.broadcast %44 : i32 to vector<256xi32>
      %46 = arith.addi %43, %45 : vector<256xi32>
      %47 = vector.shape_cast %46 : vector<256xi32> to vector<1x256xi32>
      %48 = vector.broadcast %47 : vector<1x256xi32> to vector<128x256xi32>
      %49 = arith.cmpi slt, %48, %cst : vector<128x256xi32>
      %50 = arith.select %49, %41, %cst_0 : vector<128x256xi1>, vector<128x256xf32>
      %51 = tpu.iota {dimensions = array<i32: 0>} : vector<128xi32>
      %52 = arith.index_cast %13 : index to i32
      %53 = vector.broadcast %52 : i32 to vector<128xi32>
      %54 = arith.addi %51, %53 : vector<128xi32>
      %55 = vector.shape_cast %54 : vector<128xi32> to vector<128x1xi32>
      %56 = vector.broadcast %55 : vector<128x1xi32> to vector<128x256xi32>
      %57 = arith.cmpi ule, %48, %56 : vector<128x256xi32>
      %58 = arith.select %57, %50, %cst_0 : vector<128x256xi1>, vector<128x256xf32>
      %59 = vector.multi_reduction <maximumf>, %58, %cst_4 [1] : vector<128x256xf32> to vector<128xf32>
      %60 = arith.maximumf %25, %59 : vector<128xf32>
      %61 = vector.shape_cast %60 : vector<128xf32> to vector<128x1xf32>
      %62 = vector.broadcast %61 : vector<128x1xf32> to vector<128x256xf32>
      %63 = arith.subf %58, %62 : vector<128x256xf32>
      %64 = math.exp2 %63 : vector<128x256xf32>
      %65 = vector.multi_reduction <add>, %64, %cst_3 [1] : vector<128x256xf32> to vector<128xf32>
      %66 = arith.subf %25, %60 : vector<128xf32>
      %67 = math.exp2 %66 : vector<128xf32>
      %68 = arith.mulf %26, %67 : vector<128xf32>
      %69 = arith.addf %68, %65 : vector<128xf32>
      %70 = vector.shape_cast %67 : vector<128xf32> to vector<128x1xf32>
      %71 = vector.broadcast %70 : vector<128x1xf32> to vector<128x256xf32>
      %72 = arith.mulf %27, %71 : vector<128x256xf32>
      %73 = arith.truncf %64 : vector<128x256xf32> to vector<128x256xbf16>
      %74 = vector.load %arg5[%c0, %c0, %c0] : memref<1x256x256xbf16, #tpu.memory_space<vmem>>, vector<1x256x256xbf16>
      %75 = arith.select %36, %74, %cst_5 : vector<1x256x256xi1>, vector<1x256x256xbf16>
      %76 = vector.shape_cast %75 : vector<1x256x256xbf16> to vector<256x256xbf16>
      %77 = tpu.matmul %73, %76, %72 {dimension_numbers = #tpu.dot_dimension_numbers<[1], [0], [0], [1], [0, 0, 1, 1], [], []>, transpose_lhs_hint = false} : vector<128x256xbf16>, vector<256x256xbf16>, vector<128x256xf32> -> vector<128x256xf32>
      tpu.vector_store %arg7[%c0], %60 {strides = array<i32>} : memref<128xf32, #tpu.memory_space<vmem>>, vector<128xf32>, 
      tpu.vector_store %arg8[%c0], %69 {strides = array<i32>} : memref<128xf32, #tpu.memory_space<vmem>>, vector<128xf32>, 
      tpu.vector_store %arg9[%c0, %c0], %77 {strides = array<i32>} : memref<128x256xf32, #tpu.memory_space<vmem>>, vector<128x256xf32>, 
    }
    %24 = arith.cmpi eq, %arg2, %c1_i32 : i32
    scf.if %24 {
      %25 = vector.load %arg8[%c0] : memref<128xf32, #tpu.memory_space<vmem>>, vector<128xf32>
      %26 = vector.load %arg9[%c0, %c0] : memref<128x256xf32, #tpu.memory_space<vmem>>, vector<128x256xf32>
      %27 = vector.shape_cast %25 : vector<128xf32> to vector<128x1xf32>
      %28 = vector.broadcast %27 : vector<128x1xf32> to vector<128x256xf32>
      %29 = arith.divf %26, %28 : vector<128x256xf32>
      %30 = arith.truncf %29 : vector<128x256xf32> to vector<128x256xbf16>
      %31 = vector.shape_cast %30 : vector<128x256xbf16> to vector<1x128x256xbf16>
      tpu.vector_store %arg6[%c0, %c0, %c0], %31 {strides = array<i32>} : memref<1x128x256xbf16, #tpu.memory_space<vmem>>, vector<1x128x256xbf16>, 
    }
    return
  }
  func.func @transform_0(%arg0: i32, %arg1: i32, %arg2: i32) -> (i32, i32, i32) {
    %c0_i32 = arith.constant 0 : i32
    return %arg1, %arg0, %c0_i32 : i32, i32, i32
  }
  func.func @transform_1(%arg0: i32, %arg1: i32, %arg2: i32) -> (i32, i32, i32) {
    %c383_i32 = arith.constant 383 : i32
    %c0_i32 = arith.constant 0 : i32
    %c2_i32 = arith.constant 2 : i32
    %c1_i32 = arith.constant 1 : i32
    %c256_i32 = arith.constant 256 : i32
    %c128_i32 = arith.constant 128 : i32
    %0 = arith.muli %arg0, %c128_i32 : i32
    %1 = arith.addi %0, %c383_i32 : i32
    %2 = arith.divsi %1, %c256_i32 : i32
    %3 = arith.minsi %2, %c2_i32 : i32
    %4 = arith.subi %3, %c1_i32 : i32
    %5 = arith.maxsi %4, %c0_i32 : i32
    %6 = arith.minsi %arg2, %5 : i32
    return %arg1, %6, %c0_i32 : i32, i32, i32
  }
  func.func @transform_2(%arg0: i32, %arg1: i32, %arg2: i32) -> (i32, i32, i32) {
    %c383_i32 = arith.constant 383 : i32
    %c0_i32 = arith.constant 0 : i32
    %c2_i32 = arith.constant 2 : i32
    %c1_i32 = arith.constant 1 : i32
    %c256_i32 = arith.constant 256 : i32
    %c128_i32 = arith.constant 128 : i32
    %0 = arith.muli %arg0, %c128_i32 : i32
    %1 = arith.addi %0, %c383_i32 : i32
    %2 = arith.divsi %1, %c256_i32 : i32
    %3 = arith.minsi %2, %c2_i32 : i32
    %4 = arith.subi %3, %c1_i32 : i32
    %5 = arith.maxsi %4, %c0_i32 : i32
    %6 = arith.minsi %arg2, %5 : i32
    return %arg1, %6, %c0_i32 : i32, i32, i32
  }
  func.func @transform_3(%arg0: i32, %arg1: i32, %arg2: i32) -> (i32, i32, i32) {
    %c0_i32 = arith.constant 0 : i32
    return %arg1, %arg0, %c0_i32 : i32, i32, i32
  }
}

// -----
module {
  func.func @fill_kernel0_tpu(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: i32, %arg4: memref<1xf32, #tpu.memory_space<smem>>, %arg5: memref<1x1x128x128xbf16, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<parallel>, #tpu.dimension_semantics<parallel>, #tpu.dimension_semantics<parallel>, #tpu.dimension_semantics<parallel>], iteration_bounds = array<i64: 1, 2, 3, 1>, scalar_prefetch = 0 : i64, scratch_operands = 0 : i64, tpu.core_type = #tpu.core_type<tc>, window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 1>}, {transform_indices = @transform_1, window_bounds = array<i64: 1, 1, 128, 128>}]} {
    %cst = arith.constant dense<16> : vector<1x1x128x128xi32>
    %cst_0 = arith.constant dense<4800> : vector<1x1x128x128xi32>
    %c128 = arith.constant 128 : index
    %c0 = arith.constant 0 : index
    %0 = arith.index_cast %arg3 : i32 to index
    %1 = arith.index_cast %arg2 : i32 to index
    %2 = memref.load %arg4[%c0] : memref<1xf32, #tpu.memory_space<smem>>
    %3 = tpu.iota {dimensions = array<i32: 0>} : vector<1xi32>
    %4 = vector.broadcast %arg1 : i32 to vector<1xi32>
    %5 = arith.addi %3, %4 : vector<1xi32>
    %6 = vector.shape_cast %5 : vector<1xi32> to vector<1x1x1x1xi32>
    %7 = vector.broadcast %6 : vector<1x1x1x1xi32> to vector<1x1x128x128xi32>
    %8 = tpu.iota {dimensions = array<i32: 0>} : vector<128xi32>
    %9 = arith.muli %1, %c128 : index
    %10 = arith.index_cast %9 : index to i32
    %11 = vector.broadcast %10 : i32 to vector<128xi32>
    %12 = arith.addi %8, %11 : vector<128xi32>
    %13 = vector.shape_cast %12 : vector<128xi32> to vector<1x1x128x1xi32>
    %14 = vector.broadcast %13 : vector<1x1x128x1xi32> to vector<1x1x128x128xi32>
    %15 = arith.muli %0, %c128 : index
    %16 = arith.index_cast %15 : index to i32
    %17 = vector.broadcast %16 : i32 to vector<128xi32>
    %18 = arith.addi %8, %17 : vector<128xi32>
    %19 = vector.shape_cast %18 : vector<128xi32> to vector<1x1x1x128xi32>
    %20 = vector.broadcast %19 : vector<1x1x1x128xi32> to vector<1x1x128x128xi32>
    %21 = arith.muli %7, %cst_0 : vector<1x1x128x128xi32>
    %22 = arith.muli %14, %cst : vector<1x1x128x128xi32>
    %23 = arith.addi %21, %22 : vector<1x1x128x128xi32>
    %24 = arith.addi %23, %20 : vector<1x1x128x128xi32>
    %25 = arith.sitofp %24 : vector<1x1x128x128xi32> to vector<1x1x128x128xf32>
    %26 = vector.broadcast %2 : f32 to vector<1x1x128x128xf32>
    %27 = arith.mulf %25, %26 : vector<1x1x128x128xf32>
    %28 = math.sin %27 : vector<1x1x128x128xf32>
    %29 = arith.truncf %28 : vector<1x1x128x128xf32> to vector<1x1x128x128xbf16>
    tpu.vector_store %arg5[%c0, %c0, %c0, %c0], %29 {strides = array<i32>} : memref<1x1x128x128xbf16, #tpu.memory_space<vmem>>, vector<1x1x128x128xbf16>, 
    return
  }
  func.func @transform_0(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: i32) -> i32 {
    %c0_i32 = arith.constant 0 : i32
    return %c0_i32 : i32
  }
  func.func @transform_1(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: i32) -> (i32, i32, i32, i32) {
    return %arg0, %arg1, %arg2, %arg3 : i32, i32, i32, i32
  }
}

// -----
module {
  func.func @main_kernel0_tpu(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: i32, %arg4: memref<1x1x128x128xbf16, #tpu.memory_space<vmem>>, %arg5: memref<1x1x128x128xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<parallel>, #tpu.dimension_semantics<parallel>, #tpu.dimension_semantics<parallel>, #tpu.dimension_semantics<parallel>], iteration_bounds = array<i64: 1, 2, 3, 1>, scalar_prefetch = 0 : i64, scratch_operands = 0 : i64, tpu.core_type = #tpu.core_type<tc>, window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 1, 1, 128, 128>}, {transform_indices = @transform_1, window_bounds = array<i64: 1, 1, 128, 128>}]} {
    %cst = arith.constant dense<0.000000e+00> : vector<1x1x128x128xbf16>
    %cst_0 = arith.constant dense<16> : vector<1x1x128x128xi32>
    %cst_1 = arith.constant dense<300> : vector<1x1x128x128xi32>
    %c128_i32 = arith.constant 128 : i32
    %c0 = arith.constant 0 : index
    %0 = vector.load %arg4[%c0, %c0, %c0, %c0] : memref<1x1x128x128xbf16, #tpu.memory_space<vmem>>, vector<1x1x128x128xbf16>
    %1 = tpu.iota {dimensions = array<i32: 2>} : vector<1x1x128x128xi32>
    %2 = arith.muli %arg2, %c128_i32 : i32
    %3 = vector.broadcast %2 : i32 to vector<1x1x128x128xi32>
    %4 = arith.addi %1, %3 : vector<1x1x128x128xi32>
    %5 = arith.cmpi slt, %4, %cst_1 : vector<1x1x128x128xi32>
    %6 = tpu.iota {dimensions = array<i32: 3>} : vector<1x1x128x128xi32>
    %7 = arith.muli %arg3, %c128_i32 : i32
    %8 = vector.broadcast %7 : i32 to vector<1x1x128x128xi32>
    %9 = arith.addi %6, %8 : vector<1x1x128x128xi32>
    %10 = arith.cmpi slt, %9, %cst_0 : vector<1x1x128x128xi32>
    %11 = arith.andi %5, %10 : vector<1x1x128x128xi1>
    %12 = arith.select %11, %0, %cst : vector<1x1x128x128xi1>, vector<1x1x128x128xbf16>
    %13 = arith.extf %12 : vector<1x1x128x128xbf16> to vector<1x1x128x128xf32>
    tpu.vector_store %arg5[%c0, %c0, %c0, %c0], %13 {strides = array<i32>} : memref<1x1x128x128xf32, #tpu.memory_space<vmem>>, vector<1x1x128x128xf32>, 
    return
  }
  func.func @transform_0(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: i32) -> (i32, i32, i32, i32) {
    return %arg0, %arg1, %arg2, %arg3 : i32, i32, i32, i32
  }
  func.func @transform_1(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: i32) -> (i32, i32, i32, i32) {
    return %arg0, %arg1, %arg2, %arg3 : i32, i32, i32, i32
  }
}

