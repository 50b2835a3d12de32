module {
  func.func @attention_kernel0_tpu(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: memref<1x32x128xf32, #tpu.memory_space<vmem>>, %arg4: memref<1x128x128xf32, #tpu.memory_space<vmem>>, %arg5: memref<1x128x128xf32, #tpu.memory_space<vmem>>, %arg6: memref<1x32x128xf32, #tpu.memory_space<vmem>>, %arg7: memref<32xf32, #tpu.memory_space<vmem>>, %arg8: memref<32xf32, #tpu.memory_space<vmem>>, %arg9: memref<32x128xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<parallel>, #tpu.dimension_semantics<parallel>, #tpu.dimension_semantics<arbitrary>], iteration_bounds = array<i64: 1, 8, 1>, scalar_prefetch = 0 : i64, scratch_operands = 3 : i64, tpu.core_type = #tpu.core_type<tc>, window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 1, 32, 128>}, {transform_indices = @transform_1, window_bounds = array<i64: 1, 128, 128>}, {transform_indices = @transform_2, window_bounds = array<i64: 1, 128, 128>}, {transform_indices = @transform_3, window_bounds = array<i64: 1, 32, 128>}]} {
    %cst = arith.constant dense<24> : vector<32x128xi32>
    %cst_0 = arith.constant dense<0xFF800000> : vector<32x128xf32>
    %cst_1 = arith.constant dense<0.360673755> : vector<32x128xf32>
    %cst_2 = arith.constant dense<0.000000e+00> : vector<32x128xf32>
    %cst_3 = arith.constant dense<0.000000e+00> : vector<32xf32>
    %cst_4 = arith.constant dense<0xFF800000> : vector<32xf32>
    %cst_5 = arith.constant dense<0.000000e+00> : vector<1x128x128xf32>
    %cst_6 = arith.constant dense<16> : vector<1x128x128xi32>
    %cst_7 = arith.constant dense<24> : vector<1x128x128xi32>
    %cst_8 = arith.constant dense<0.000000e+00> : vector<1x32x128xf32>
    %cst_9 = arith.constant dense<16> : vector<1x32x128xi32>
    %c128_i32 = arith.constant 128 : i32
    %c0_i32 = arith.constant 0 : i32
    %cst_10 = arith.constant dense<24> : vector<1x32x128xi32>
    %c32_i32 = arith.constant 32 : i32
    %c0 = arith.constant 0 : index
    %c128 = arith.constant 128 : index
    %0 = arith.index_cast %arg2 : i32 to index
    %1 = vector.load %arg3[%c0, %c0, %c0] : memref<1x32x128xf32, #tpu.memory_space<vmem>>, vector<1x32x128xf32>
    %2 = tpu.iota {dimensions = array<i32: 1>} : vector<1x32x128xi32>
    %3 = arith.muli %arg0, %c32_i32 : i32
    %4 = vector.broadcast %3 : i32 to vector<1x32x128xi32>
    %5 = arith.addi %2, %4 : vector<1x32x128xi32>
    %6 = arith.cmpi slt, %5, %cst_10 : vector<1x32x128xi32>
    %7 = tpu.iota {dimensions = array<i32: 2>} : vector<1x32x128xi32>
    %8 = arith.cmpi slt, %7, %cst_9 : vector<1x32x128xi32>
    %9 = arith.andi %6, %8 : vector<1x32x128xi1>
    %10 = arith.select %9, %1, %cst_8 : vector<1x32x128xi1>, vector<1x32x128xf32>
    %11 = vector.shape_cast %10 : vector<1x32x128xf32> to vector<32x128xf32>
    %12 = arith.cmpi eq, %arg2, %c0_i32 : i32
    scf.if %12 {
      tpu.vector_store %arg7[%c0], %cst_4 {strides = array<i32>} : memref<32xf32, #tpu.memory_space<vmem>>, vector<32xf32>, 
      tpu.vector_store %arg8[%c0], %cst_3 {strides = array<i32>} : memref<32xf32, #tpu.memory_space<vmem>>, vector<32xf32>, 
      tpu.vector_store %arg9[%c0, %c0], %cst_2 {strides = array<i32>} : memref<32x128xf32, #tpu.memory_space<vmem>>, vector<32x128xf32>, 
    }
    %13 = vector.load %arg7[%c0] : memref<32xf32, #tpu.memory_space<vmem>>, vector<32xf32>
    %14 = vector.load %arg8[%c0] : memref<32xf32, #tpu.memory_space<vmem>>, vector<32xf32>
    %15 = vector.load %arg9[%c0, %c0] : memref<32x128xf32, #tpu.memory_space<vmem>>, vector<32x128xf32>
    %16 = vector.load %arg4[%c0, %c0, %c0] : memref<1x128x128xf32, #tpu.memory_space<vmem>>, vector<1x128x128xf32>
    %17 = tpu.iota {dimensions = array<i32: 1>} : vector<1x128x128xi32>
    %18 = arith.muli %arg2, %c128_i32 : i32
    %19 = vector.broadcast %18 : i32 to vector<1x128x128xi32>
    %20 = arith.addi %17, %19 : vector<1x128x128xi32>
    %21 = arith.cmpi slt, %20, %cst_7 : vector<1x128x128xi32>
    %22 = tpu.iota {dimensions = array<i32: 2>} : vector<1x128x128xi32>
    %23 = arith.cmpi slt, %22, %cst_6 : vector<1x128x128xi32>
    %24 = arith.andi %21, %23 : vector<1x128x128xi1>
    %25 = arith.select %24, %16, %cst_5 : vector<1x128x128xi1>, vector<1x128x128xf32>
    %26 = vector.shape_cast %25 : vector<1x128x128xf32> to vector<128x128xf32>
    %27 = vector.transpose %26, [1, 0] : vector<128x128xf32> to vector<128x128xf32>
    %28 = tpu.matmul %11, %27, %cst_2 {dimension_numbers = #tpu.dot_dimension_numbers<[1], [0], [0], [1], [0, 0, 1, 1], [], []>, precision = #tpu.contract_precision<fp32>, transpose_lhs_hint = false} : vector<32x128xf32>, vector<128x128xf32>, vector<32x128xf32> -> vector<32x128xf32>
    %29 = arith.mulf %28, %cst_1 : vector<32x128xf32>
    %30 = arith.muli %0, %c128 : index
    %31 = tpu.iota {dimensions = array<i32: 0>} : vector<128xi32>
    %32 = arith.index_cast %30 : index to i32
    %33 = vector.broadcast %32 : i32 to vector<128xi32>
    %34 = arith.addi %31, %33 : vector<128xi32>
    %35 = vector.shape_cast %34 : vector<128xi32> to vector<1x128xi32>
    %36 = vector.broadcast %35 : vector<1x128xi32> to vector<32x128xi32>
    %37 = arith.cmpi slt, %36, %cst : vector<32x128xi32>
    %38 = arith.select %37, %29, %cst_0 : vector<32x128xi1>, vector<32x128xf32>
    %39 = vector.multi_reduction <maximumf>, %38, %cst_4 [1] : vector<32x128xf32> to vector<32xf32>
    %40 = arith.maximumf %13, %39 : vector<32xf32>
    %41 = vector.shape_cast %40 : vector<32xf32> to vector<32x1xf32>
    %42 = vector.broadcast %41 : vector<32x1xf32> to vector<32x128xf32>
    %43 = arith.subf %38, %42 : vector<32x128xf32>
    %44 = math.exp2 %43 : vector<32x128xf32>
    %45 = vector.multi_reduction <add>, %44, %cst_3 [1] : vector<32x128xf32> to vector<32xf32>
    %46 = arith.subf %13, %40 : vector<32xf32>
    %47 = math.exp2 %46 : vector<32xf32>
    %48 = arith.mulf %14, %47 : vector<32xf32>
    %49 = arith.addf %48, %45 : vector<32xf32>
    %50 = vector.shape_cast %47 : vector<32xf32> to vector<32x1xf32>
    %51 = vector.broadcast %50 : vector<32x1xf32> to vector<32x128xf32>
    %52 = arith.mulf %15, %51 : vector<32x128xf32>
    %53 = vector.load %arg5[%c0, %c0, %c0] : memref<1x128x128xf32, #tpu.memory_space<vmem>>, vector<1x128x128xf32>
    %54 = arith.select %24, %53, %cst_5 : vector<1x128x128xi1>, vector<1x128x128xf32>
    %55 = vector.shape_cast %54 : vector<1x128x128xf32> to vector<128x128xf32>
    %56 = tpu.matmul %44, %55, %52 {dimension_numbers = #tpu.dot_dimension_numbers<[1], [0], [0], [1], [0, 0, 1, 1], [], []>, precision = #tpu.contract_precision<fp32>, transpose_lhs_hint = false} : vector<32x128xf32>, vector<128x128xf32>, vector<32x128xf32> -> vector<32x128xf32>
    tpu.vector_store %arg7[%c0], %40 {strides = array<i32>} : memref<32xf32, #tpu.memory_space<vmem>>, vector<32xf32>, 
    tpu.vector_store %arg8[%c0], %49 {strides = array<i32>} : memref<32xf32, #tpu.memory_space<vmem>>, vector<32xf32>, 
    tpu.vector_store %arg9[%c0, %c0], %56 {strides = array<i32>} : memref<32x128xf32, #tpu.memory_space<vmem>>, vector<32x128xf32>, 
    scf.if %12 {
      %57 = vector.load %arg8[%c0] : memref<32xf32, #tpu.memory_space<vmem>>, vector<32xf32>
      %58 = vector.load %arg9[%c0, %c0] : memref<32x128xf32, #tpu.memory_space<vmem>>, vector<32x128xf32>
      %59 = vector.shape_cast %57 : vector<32xf32> to vector<32x1xf32>
      %60 = vector.broadcast %59 : vector<32x1xf32> to vector<32x128xf32>
      %61 = arith.divf %58, %60 : vector<32x128xf32>
      %62 = vector.shape_cast %61 : vector<32x128xf32> to vector<1x32x128xf32>
      tpu.vector_store %arg6[%c0, %c0, %c0], %62 {strides = array<i32>} : memref<1x32x128xf32, #tpu.memory_space<vmem>>, vector<1x32x128xf32>, 
    }
    return
  }
  func.func @transform_0(%arg0: i32, %arg1: i32, %arg2: i32) -> (i32, i32, i32) {
    %c0_i32 = arith.constant 0 : i32
    return %arg1, %arg0, %c0_i32 : i32, i32, i32
  }
  func.func @transform_1(%arg0: i32, %arg1: i32, %arg2: i32) -> (i32, i32, i32) {
    %c0_i32 = arith.constant 0 : i32
    %c2_i32 = arith.constant 2 : i32
    %0 = arith.divsi %arg1, %c2_i32 : i32
    return %0, %arg2, %c0_i32 : i32, i32, i32
  }
  func.func @transform_2(%arg0: i32, %arg1: i32, %arg2: i32) -> (i32, i32, i32) {
    %c0_i32 = arith.constant 0 : i32
    %c2_i32 = arith.constant 2 : i32
    %0 = arith.divsi %arg1, %c2_i32 : i32
    return %0, %arg2, %c0_i32 : i32, i32, i32
  }
  func.func @transform_3(%arg0: i32, %arg1: i32, %arg2: i32) -> (i32, i32, i32) {
    %c0_i32 = arith.constant 0 : i32
    return %arg1, %arg0, %c0_i32 : i32, i32, i32
  }
}

// -----
module {
  func.func @fill_kernel0_tpu(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: i32, %arg4: memref<1xf32, #tpu.memory_space<smem>>, %arg5: memref<1x1x128x128xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<parallel>, #tpu.dimension_semantics<parallel>, #tpu.dimension_semantics<parallel>, #tpu.dimension_semantics<parallel>], iteration_bounds = array<i64: 2, 2, 1, 1>, scalar_prefetch = 0 : i64, scratch_operands = 0 : i64, tpu.core_type = #tpu.core_type<tc>, window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 1>}, {transform_indices = @transform_1, window_bounds = array<i64: 1, 1, 128, 128>}]} {
    %cst = arith.constant dense<29> : vector<1x1x128x128xi32>
    %cst_0 = arith.constant dense<1536> : vector<1x1x128x128xi32>
    %cst_1 = arith.constant dense<16> : vector<1x1x128x128xi32>
    %cst_2 = arith.constant dense<384> : vector<1x1x128x128xi32>
    %c128 = arith.constant 128 : index
    %c0 = arith.constant 0 : index
    %0 = arith.index_cast %arg3 : i32 to index
    %1 = arith.index_cast %arg2 : i32 to index
    %2 = memref.load %arg4[%c0] : memref<1xf32, #tpu.memory_space<smem>>
    %3 = tpu.iota {dimensions = array<i32: 0>} : vector<1xi32>
    %4 = vector.broadcast %arg0 : i32 to vector<1xi32>
    %5 = arith.addi %3, %4 : vector<1xi32>
    %6 = vector.shape_cast %5 : vector<1xi32> to vector<1x1x1x1xi32>
    %7 = vector.broadcast %6 : vector<1x1x1x1xi32> to vector<1x1x128x128xi32>
    %8 = vector.broadcast %arg1 : i32 to vector<1xi32>
    %9 = arith.addi %3, %8 : vector<1xi32>
    %10 = vector.shape_cast %9 : vector<1xi32> to vector<1x1x1x1xi32>
    %11 = vector.broadcast %10 : vector<1x1x1x1xi32> to vector<1x1x128x128xi32>
    %12 = tpu.iota {dimensions = array<i32: 0>} : vector<128xi32>
    %13 = arith.muli %1, %c128 : index
    %14 = arith.index_cast %13 : index to i32
    %15 = vector.broadcast %14 : i32 to vector<128xi32>
    %16 = arith.addi %12, %15 : vector<128xi32>
    %17 = vector.shape_cast %16 : vector<128xi32> to vector<1x1x128x1xi32>
    %18 = vector.broadcast %17 : vector<1x1x128x1xi32> to vector<1x1x128x128xi32>
    %19 = arith.muli %0, %c128 : index
    %20 = arith.index_cast %19 : index to i32
    %21 = vector.broadcast %20 : i32 to vector<128xi32>
    %22 = arith.addi %12, %21 : vector<128xi32>
    %23 = vector.shape_cast %22 : vector<128xi32> to vector<1x1x1x128xi32>
    %24 = vector.broadcast %23 : vector<1x1x1x128xi32> to vector<1x1x128x128xi32>
    %25 = arith.muli %11, %cst_2 : vector<1x1x128x128xi32>
    %26 = arith.muli %18, %cst_1 : vector<1x1x128x128xi32>
    %27 = arith.muli %7, %cst_0 : vector<1x1x128x128xi32>
    %28 = arith.addi %25, %26 : vector<1x1x128x128xi32>
    %29 = arith.addi %28, %27 : vector<1x1x128x128xi32>
    %30 = arith.addi %29, %24 : vector<1x1x128x128xi32>
    %31 = arith.remui %30, %cst : vector<1x1x128x128xi32>
    %32 = arith.sitofp %31 : vector<1x1x128x128xi32> to vector<1x1x128x128xf32>
    %33 = vector.broadcast %2 : f32 to vector<1x1x128x128xf32>
    %34 = arith.mulf %32, %33 : vector<1x1x128x128xf32>
    %35 = math.sin %34 : vector<1x1x128x128xf32>
    tpu.vector_store %arg5[%c0, %c0, %c0, %c0], %35 {strides = array<i32>} : memref<1x1x128x128xf32, #tpu.memory_space<vmem>>, vector<1x1x128x128xf32>, 
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
  func.func @fillq_kernel0_tpu(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: i32, %arg4: i32, %arg5: memref<1xf32, #tpu.memory_space<smem>>, %arg6: memref<1x1x1x128x128xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<parallel>, #tpu.dimension_semantics<parallel>, #tpu.dimension_semantics<parallel>, #tpu.dimension_semantics<parallel>, #tpu.dimension_semantics<parallel>], iteration_bounds = array<i64: 2, 2, 2, 1, 1>, scalar_prefetch = 0 : i64, scratch_operands = 0 : i64, tpu.core_type = #tpu.core_type<tc>, window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 1>}, {transform_indices = @transform_1, window_bounds = array<i64: 1, 1, 1, 128, 128>}]} {
    %cst = arith.constant dense<29> : vector<1x1x1x128x128xi32>
    %cst_0 = arith.constant dense<1536> : vector<1x1x1x128x128xi32>
    %cst_1 = arith.constant dense<16> : vector<1x1x1x128x128xi32>
    %cst_2 = arith.constant dense<384> : vector<1x1x1x128x128xi32>
    %cst_3 = arith.constant dense<2> : vector<1x1x1x128x128xi32>
    %c128 = arith.constant 128 : index
    %c0 = arith.constant 0 : index
    %0 = arith.index_cast %arg4 : i32 to index
    %1 = arith.index_cast %arg3 : i32 to index
    %2 = memref.load %arg5[%c0] : memref<1xf32, #tpu.memory_space<smem>>
    %3 = tpu.iota {dimensions = array<i32: 0>} : vector<1xi32>
    %4 = vector.broadcast %arg0 : i32 to vector<1xi32>
    %5 = arith.addi %3, %4 : vector<1xi32>
    %6 = vector.shape_cast %5 : vector<1xi32> to vector<1x1x1x1x1xi32>
    %7 = vector.broadcast %6 : vector<1x1x1x1x1xi32> to vector<1x1x1x128x128xi32>
    %8 = vector.broadcast %arg1 : i32 to vector<1xi32>
    %9 = arith.addi %3, %8 : vector<1xi32>
    %10 = vector.shape_cast %9 : vector<1xi32> to vector<1x1x1x1x1xi32>
    %11 = vector.broadcast %10 : vector<1x1x1x1x1xi32> to vector<1x1x1x128x128xi32>
    %12 = vector.broadcast %arg2 : i32 to vector<1xi32>
    %13 = arith.addi %3, %12 : vector<1xi32>
    %14 = vector.shape_cast %13 : vector<1xi32> to vector<1x1x1x1x1xi32>
    %15 = vector.broadcast %14 : vector<1x1x1x1x1xi32> to vector<1x1x1x128x128xi32>
    %16 = tpu.iota {dimensions = array<i32: 0>} : vector<128xi32>
    %17 = arith.muli %1, %c128 : index
    %18 = arith.index_cast %17 : index to i32
    %19 = vector.broadcast %18 : i32 to vector<128xi32>
    %20 = arith.addi %16, %19 : vector<128xi32>
    %21 = vector.shape_cast %20 : vector<128xi32> to vector<1x1x1x128x1xi32>
    %22 = vector.broadcast %21 : vector<1x1x1x128x1xi32> to vector<1x1x1x128x128xi32>
    %23 = arith.muli %0, %c128 : index
    %24 = arith.index_cast %23 : index to i32
    %25 = vector.broadcast %24 : i32 to vector<128xi32>
    %26 = arith.addi %16, %25 : vector<128xi32>
    %27 = vector.shape_cast %26 : vector<128xi32> to vector<1x1x1x1x128xi32>
    %28 = vector.broadcast %27 : vector<1x1x1x1x128xi32> to vector<1x1x1x128x128xi32>
    %29 = arith.muli %11, %cst_3 : vector<1x1x1x128x128xi32>
    %30 = arith.addi %29, %15 : vector<1x1x1x128x128xi32>
    %31 = arith.muli %30, %cst_2 : vector<1x1x1x128x128xi32>
    %32 = arith.muli %22, %cst_1 : vector<1x1x1x128x128xi32>
    %33 = arith.muli %7, %cst_0 : vector<1x1x1x128x128xi32>
    %34 = arith.addi %31, %32 : vector<1x1x1x128x128xi32>
    %35 = arith.addi %34, %33 : vector<1x1x1x128x128xi32>
    %36 = arith.addi %35, %28 : vector<1x1x1x128x128xi32>
    %37 = arith.remui %36, %cst : vector<1x1x1x128x128xi32>
    %38 = arith.sitofp %37 : vector<1x1x1x128x128xi32> to vector<1x1x1x128x128xf32>
    %39 = vector.broadcast %2 : f32 to vector<1x1x1x128x128xf32>
    %40 = arith.mulf %38, %39 : vector<1x1x1x128x128xf32>
    %41 = math.sin %40 : vector<1x1x1x128x128xf32>
    tpu.vector_store %arg6[%c0, %c0, %c0, %c0, %c0], %41 {strides = array<i32>} : memref<1x1x1x128x128xf32, #tpu.memory_space<vmem>>, vector<1x1x1x128x128xf32>, 
    return
  }
  func.func @transform_0(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: i32, %arg4: i32) -> i32 {
    %c0_i32 = arith.constant 0 : i32
    return %c0_i32 : i32
  }
  func.func @transform_1(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: i32, %arg4: i32) -> (i32, i32, i32, i32, i32) {
    return %arg0, %arg1, %arg2, %arg3, %arg4 : i32, i32, i32, i32, i32
  }
}

