module {
  func.func @attention_kernel0_tpu(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: memref<1x128x128xbf16, #tpu.memory_space<vmem>>, %arg4: memref<1x128x128xbf16, #tpu.memory_space<vmem>>, %arg5: memref<1x128x128xbf16, #tpu.memory_space<vmem>>, %arg6: memref<1x128x128xbf16, #tpu.memory_space<vmem>>, %arg7: memref<128xf32, #tpu.memory_space<vmem>>, %arg8: memref<128xf32, #tpu.memory_space<vmem>>, %arg9: memref<128x128xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<parallel>, #tpu.dimension_semantics<parallel>, #tpu.dimension_semantics<arbitrary>], iteration_bounds = array<i64: 3, 2, 3>, scalar_prefetch = 0 : i64, scratch_operands = 3 : i64, tpu.core_type = #tpu.core_type<tc>, window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 1, 128, 128>}, {transform_indices = @transform_1, window_bounds = array<i64: 1, 128, 128>}, {transform_indices = @transform_2, window_bounds = array<i64: 1, 128, 128>}, {transform_indices = @transform_3, window_bounds = array<i64: 1, 128, 128>}]} {
    %cst = arith.constant dense<300> : vector<128x128xi32>
    %cst_0 = arith.constant dense<0xFF800000> : vector<128x128xf32>
    %cst_1 = arith.constant dense<0.360673755> : vector<128x128xf32>
    %cst_2 = arith.constant dense<0.000000e+00> : vector<128x128xf32>
    %c2_i32 = arith.constant 2 : i32
    %cst_3 = arith.constant dense<0.000000e+00> : vector<128xf32>
    %cst_4 = arith.constant dense<0xFF800000> : vector<128xf32>
    %c3 = arith.constant 3 : index
    %cst_5 = arith.constant dense<0.000000e+00> : vector<1x128x128xbf16>
    %cst_6 = arith.constant dense<16> : vector<1x128x128xi32>
    %c0_i32 = arith.constant 0 : i32
    %cst_7 = arith.constant dense<300> : vector<1x128x128xi32>
    %c128_i32 = arith.constant 128 : i32
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c128 = arith.constant 128 : index
    %0 = arith.index_cast %arg2 : i32 to index
    %1 = arith.index_cast %arg0 : i32 to index
    %2 = vector.load %arg3[%c0, %c0, %c0] : memref<1x128x128xbf16, #tpu.memory_space<vmem>>, vector<1x128x128xbf16>
    %3 = tpu.iota {dimensions = array<i32: 1>} : vector<1x128x128xi32>
    %4 = arith.muli %arg0, %c128_i32 : i32
    %5 = vector.broadcast %4 : i32 to vector<1x128x128xi32>
    %6 = arith.addi %3, %5 : vector<1x128x128xi32>
    %7 = arith.cmpi slt, %6, %cst_7 : vector<1x128x128xi32>
    %8 = tpu.iota {dimensions = array<i32: 2>} : vector<1x128x128xi32>
    %9 = arith.cmpi slt, %8, %cst_6 : vector<1x128x128xi32>
    %10 = arith.andi %7, %9 : vector<1x128x128xi1>
    %11 = arith.select %10, %2, %cst_5 : vector<1x128x128xi1>, vector<1x128x128xbf16>
    %12 = vector.shape_cast %11 : vector<1x128x128xbf16> to vector<128x128xbf16>
    %13 = arith.muli %1, %c128 : index
    %14 = arith.divui %13, %c128 : index
    %15 = arith.minui %14, %c2 : index
    %16 = arith.addi %13, %c128 : index
    %17 = arith.ceildivui %16, %c128 : index
    %18 = arith.minui %17, %c3 : index
    %19 = arith.cmpi eq, %arg2, %c0_i32 : i32
    scf.if %19 {
      tpu.vector_store %arg7[%c0], %cst_4 {strides = array<i32>} : memref<128xf32, #tpu.memory_space<vmem>>, vector<128xf32>, 
      tpu.vector_store %arg8[%c0], %cst_3 {strides = array<i32>} : memref<128xf32, #tpu.memory_space<vmem>>, vector<128xf32>, 
      tpu.vector_store %arg9[%c0, %c0], %cst_2 {strides = array<i32>} : memref<128x128xf32, #tpu.memory_space<vmem>>, vector<128x128xf32>, 
    }
    %20 = arith.cmpi slt, %0, %15 : index
    scf.if %20 {
      %25 = vector.load %arg7[%c0] : memref<128xf32, #tpu.memory_space<vmem>>, vector<128xf32>
      %26 = vector.load %arg8[%c0] : memref<128xf32, #tpu.memory_space<vmem>>, vector<128xf32>
      %27 = vector.load %arg9[%c0, %c0] : memref<128x128xf32, #tpu.memory_space<vmem>>, vector<128x128xf32>
      %28 = vector.load %arg4[%c0, %c0, %c0] : memref<1x128x128xbf16, #tpu.memory_space<vmem>>, vector<1x128x128xbf16>
      %29 = arith.muli %arg2, %c128_i32 : i32
      %30 = vector.broadcast %29 : i32 to vector<1x128x128xi32>
      %31 = arith.addi %3, %30 : vector<1x128x128xi32>
      %32 = arith.cmpi slt, %31, %cst_7 : vector<1x128x128xi32>
      %33 = arith.andi %32, %9 : vector<1x128x128xi1>
      %34 = arith.select %33, %28, %cst_5 : vector<1x128x128xi1>, vector<1x128x128xbf16>
      %35 = vector.shape_cast %34 : vector<1x128x128xbf16> to vector<128x128xbf16>
      %36 = vector.transpose %35, [1, 0] : vector<128x128xbf16> to vector<128x128xbf16>
      %37 = tpu.matmul %12, %36, %cst_2 {dimension_numbers = #tpu.dot_dimension_numbers<[1], [0], [0], [1], [0, 0, 1, 1], [], []>, transpose_lhs_hint = false} : vector<128x128xbf16>, vector<128x128xbf16>, vector<128x128xf32> -> vector<128x128xf32>
      %38 = arith.mulf %37, %cst_1 : vector<128x128xf32>
      %39 = vector.multi_reduction <maximumf>, %38, %cst_4 [1] : vector<128x128xf32> to vector<128xf32>
      %40 = arith.maximumf %25, %39 : vector<128xf32>
      %41 = vector.shape_cast %40 : vector<128xf32> to vector<128x1xf32>
      %42 = vector.broadcast %41 : vector<128x1xf32> to vector<128x128xf32>
      %43 = arith.subf %38, %42 : vector<128x128xf32>
      %44 = math.exp2 %43 : vector<128x128xf32>
      %45 = vector.multi_reduction <add>, %44, %cst_3 [1] : vector<128x128xf32> to vector<128xf32>
      %46 = arith.subf %25, %40 : vector<128xf32>
      %47 = math.exp2 %46 : vector<128xf32>
      %48 = arith.mulf %26, %47 : vector<128xf32>
      %49 = arith.addf %48, %45 : vector<128xf32>
      %50 = vector.shape_cast %47 : vector<128xf32> to vector<128x1xf32>
      %51 = vector.broadcast %50 : vector<128x1xf32> to vector<128x128xf32>
      %52 = arith.mulf %27, %51 : vector<128x128xf32>
      %53 = arith.truncf %44 : vector<128x128xf32> to vector<128x128xbf16>
      %54 = vector.load %arg5[%c0, %c0, %c0] : memref<1x128x128xbf16, #tpu.memory_space<vmem>>, vector<1x128x128xbf16>
      %55 = arith.select %33, %54, %cst_5 : vector<1x128x128xi1>, vector<1x128x128xbf16>
      %56 = vector.shape_cast %55 : vector<1x128x128xbf16> to vector<128x128xbf16>
      %57 = tpu.matmul %53, %56, %52 {dimension_numbers = #tpu.dot_dimension_numbers<[1], [0], [0], [1], [0, 0, 1, 1], [], []>, transpose_lhs_hint = false} : vector<128x128xbf16>, vector<128x128xbf16>, vector<128x128xf32> -> vector<128x128xf32>
      tpu.vector_store %arg7[%c0], %40 {strides = array<i32>} : memref<128xf32, #tpu.memory_space<vmem>>, vector<128xf32>, 
      tpu.vector_store %arg8[%c0], %49 {strides = array<i32>} : memref<128xf32, #tpu.memory_space<vmem>>, vector<128xf32>, 
      tpu.vector_store %arg9[%c0, %c0], %57 {strides = array<i32>} : memref<128x128xf32, #tpu.memory_space<vmem>>, vector<128x128xf32>, 
    }
    %21 = arith.cmpi sge, %0, %15 : index
    %22 = arith.cmpi slt, %0, %18 : index
    %23 = arith.andi %21, %22 : i1
    scf.if %23 {
      %25 = vector.load %arg7[%c0] : memref<128xf32, #tpu.memory_space<vmem>>, vector<128xf32>
      %26 = vector.load %arg8[%c0] : memref<128xf32, #tpu.memory_space<vmem>>, vector<128xf32>
      %27 = vector.load %arg9[%c0, %c0] : memref<128x128xf32, #tpu.memory_space<vmem>>, vector<128x128xf32>
      %28 = vector.load %arg4[%c0, %c0, %c0] : memref<1x128x128xbf16, #tpu.memory_space<vmem>>, vector<1x128x128xbf16>
      %29 = arith.muli %arg2, %c128_i32 : i32
      %30 = vector.broadcast %29 : i32 to vector<1x128x128xi32>
      %31 = arith.addi %3, %30 : vector<1x128x128xi32>
      %32 = arith.cmpi slt, %31, %cst_7 : vector<1x128x128xi32>
      %33 = arith.andi %32, %9 : vector<1x128x128xi1>
      %34 = arith.select %33, %28, %cst_5 : vector<1x128x128xi1>, vector<1x128x128xbf16>
      %35 = vector.shape_cast %34 : vector<1x128x128xbf16> to vector<128x128xbf16>
      %36 = vector.transpose %35, [1, 0] : vector<128x128xbf16> to vector<128x128xbf16>
      %37 = tpu.matmul %12, %36, %cst_2 {dimension_numbers = #tpu.dot_dimension_numbers<[1], [0], [0], [1], [0, 0, 1, 1], [], []>, transpose_lhs_hint = false} : vector<128x128xbf16>, vector<128x128xbf16>, vector<128x128xf32> -> vector<128x128xf32>
      %38 = arith.mulf %37, %cst_1 : vector<128x128xf32>
      %39 = arith.muli %0, %c128 : index
      %40 = tpu.iota {dimensions = array<i32: 0>} : vector<128xi32>
      %41 = arith.index_cast %39 : index to i32
      %42 = vector.broadcast %41 : i32 to vector<128xi32>
      %43 = arith.addi %40, %42 : vector<128xi32>
      %44 = vector.shape_cast %43 : vector<128xi32> to vector<1x128xi32>
      %45 = vector.broadcast %44 : vector<1x128xi32> to vector<128x128xi32>
      %46 = arith.cmpi slt, %45, %cst : vector<128x128xi32>
      %47 = arith.select %46, %38, %cst_0 : vector<128x128xi1>, vector<128x128xf32>
      %48 = arith.index_cast %13 : index to i32
      %49 = vector.broadcast %48 : i32 to vector<128xi32>
      %50 = arith.addi %40, %49 : vector<128xi32>
      %51 = vector.shape_cast %50 : vector<128xi32> to vector<128x1xi32>
      %52 = vector.broadcast %51 : vector<128x1xi32> to vector<128x128xi32>
      %53 = arith.cmpi ule, %45, %52 : vector<128x128xi32>
      %54 = arith.select %53, %47, %cst_0 : vector<128x128xi1>, vector<128x128xf32>
      %55 = vector.multi_reduction <maximumf>, %54, %cst_4 [1] : vector<128x128xf32> to vector<128xf32>
      %56 = arith.maximumf %25, %55 : vector<128xf32>
      %57 = vector.shape_cast %56 : vector<128xf32> to vector<128x1xf32>
      %58 = vector.broadcast %57 : vector<128x1xf32> to vector<128x128xf32>
      %59 = arith.subf %54, %58 : vector<128x128xf32>
      %60 = math.exp2 %59 : vector<128x128xf32>
      %61 = vector.multi_reduction <add>, %60, %cst_3 [1] : vector<128x128xf32> to vector<128xf32>
      %62 = arith.subf %25, %56 : vector<128xf32>
      %63 = math.exp2 %62 : vector<128xf32>
      %64 = arith.mulf %26, %63 : vector<128xf32>
      %65 = arith.addf %64, %61 : vector<128xf32>
      %66 = vector.shape_cast %63 : vector<128xf32> to vector<128x1xf32>
      %67 = vector.broadcast %66 : vector<128x1xf32> to vector<128x128xf32>
      %68 = arith.mulf %27, %67 : vector<128x128xf32>
      %69 = arith.truncf %60 : vector<128x128xf32> to vector<128x128xbf16>
      %70 = vector.load %arg5[%c0, %c0, %c0] : memref<1x128x128xbf16, #tpu.memory_space<vmem>>, vector<1x128x128xbf16>
      %71 = arith.select %33, %70, %cst_5 : vector<1x128x128xi1>, vector<1x128x128xbf16>
      %72 = vector.shape_cast %71 : vector<1x128x128xbf16> to vector<128x128xbf16>
      %73 = tpu.matmul %69, %72, %68 {dimension_numbers = #tpu.dot_dimension_numbers<[1], [0], [0], [1], [0, 0, 1, 1], [], []>, transpose_lhs_hint = false} : vector<128x128xbf16>, vector<128x128xbf16>, vector<128x128xf32> -> vector<128x128xf32>
      tpu.vector_store %arg7[%c0], %56 {strides = array<i32>} : memref<128xf32, #tpu.memory_space<vmem>>, vector<128xf32>, 
      tpu.vector_store %arg8[%c0], %65 {strides = array<i32>} : memref<128xf32, #tpu.memory_space<vmem>>, vector<128xf32>, 
      tpu.vector_store %arg9[%c0, %c0], %73 {strides = array<i32>} : memref<128x128xf32, #tpu.memory_space<vmem>>, vector<128x128xf32>, 
    }
    %24 = arith.cmpi eq, %arg2, %c2_i32 : i32
    scf.if %24 {
      %25 = vector.load %arg8[%c0] : memref<128xf32, #tpu.memory_space<vmem>>, vector<128xf32>
      %26 = vector.load %arg9[%c0, %c0] : memref<128x128xf32, #tpu.memory_space<vmem>>, vector<128x128xf32>
      %27 = vector.shape_cast %25 : vector<128xf32> to vector<128x1xf32>
      %28 = vector.broadcast %27 : vector<128x1xf32> to vector<128x128xf32>
      %29 = arith.divf %26, %28 : vector<128x128xf32>
      %30 = arith.truncf %29 : vector<128x128xf32> to vector<128x128xbf16>
      %31 = vector.shape_cast %30 : vector<128x128xbf16> to vector<1x128x128xbf16>
      tpu.vector_store %arg6[%c0, %c0, %c0], %31 {strides = array<i32>} : memref<1x128x128xbf16, #tpu.memory_space<vmem>>, vector<1x128x128xbf16>, 
    }
    return
  }
  func.func @transform_0(%arg0: i32, %arg1: i32, %arg2: i32) -> (i32, i32, i32) {
    %c0_i32 = arith.constant 0 : i32
    return %arg1, %arg0, %c0_i32 : i32, i32, i32
  }
  func.func @transform_1(%arg0: i32, %arg1: i32, %arg2: i32) -> (i32, i32, i32) {
    %c255_i32 = arith.constant 255 : i32
    %c0_i32 = arith.constant 0 : i32
    %c3_i32 = arith.constant 3 : i32
    %c1_i32 = arith.constant 1 : i32
    %c128_i32 = arith.constant 128 : i32
    %0 = arith.muli %arg0, %c128_i32 : i32
    %1 = arith.addi %0, %c255_i32 : i32
    %2 = arith.divsi %1, %c128_i32 : i32
    %3 = arith.minsi %2, %c3_i32 : i32
    %4 = arith.subi %3, %c1_i32 : i32
    %5 = arith.maxsi %4, %c0_i32 : i32
    %6 = arith.minsi %arg2, %5 : i32
    return %arg1, %6, %c0_i32 : i32, i32, i32
  }
  func.func @transform_2(%arg0: i32, %arg1: i32, %arg2: i32) -> (i32, i32, i32) {
    %c255_i32 = arith.constant 255 : i32
    %c0_i32 = arith.constant 0 : i32
    %c3_i32 = arith.constant 3 : i32
    %c1_i32 = arith.constant 1 : i32
    %c128_i32 = arith.constant 128 : i32
    %0 = arith.muli %arg0, %c128_i32 : i32
    %1 = arith.addi %0, %c255_i32 : i32
    %2 = arith.divsi %1, %c128_i32 : i32
    %3 = arith.minsi %2, %c3_i32 : i32
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

