module {
  func.func @pattern_kernel0_tpu(%arg0: i32, %arg1: i32, %arg2: memref<1xf32, #tpu.memory_space<smem>>, %arg3: memref<1xf32, #tpu.memory_space<smem>>, %arg4: memref<128x128xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<parallel>, #tpu.dimension_semantics<parallel>], iteration_bounds = array<i64: 1, 1>, scalar_prefetch = 0 : i64, scratch_operands = 0 : i64, tpu.core_type = #tpu.core_type<tc>, window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 1>}, {transform_indices = @transform_1, window_bounds = array<i64: 1>}, {transform_indices = @transform_2, window_bounds = array<i64: 128, 128>}]} {
    %c128 = arith.constant 128 : index
    %c0 = arith.constant 0 : index
    %0 = arith.index_cast %arg1 : i32 to index
    %1 = arith.index_cast %arg0 : i32 to index
    %2 = memref.load %arg2[%c0] : memref<1xf32, #tpu.memory_space<smem>>
    %3 = memref.load %arg3[%c0] : memref<1xf32, #tpu.memory_space<smem>>
    %4 = tpu.iota {dimensions = array<i32: 0>} : vector<128xi32>
    %5 = arith.muli %1, %c128 : index
    %6 = arith.index_cast %5 : index to i32
    %7 = vector.broadcast %6 : i32 to vector<128xi32>
    %8 = arith.addi %4, %7 : vector<128xi32>
    %9 = vector.shape_cast %8 : vector<128xi32> to vector<128x1xi32>
    %10 = vector.broadcast %9 : vector<128x1xi32> to vector<128x128xi32>
    %11 = arith.muli %0, %c128 : index
    %12 = arith.index_cast %11 : index to i32
    %13 = vector.broadcast %12 : i32 to vector<128xi32>
    %14 = arith.addi %4, %13 : vector<128xi32>
    %15 = vector.shape_cast %14 : vector<128xi32> to vector<1x128xi32>
    %16 = vector.broadcast %15 : vector<1x128xi32> to vector<128x128xi32>
    %17 = arith.sitofp %10 : vector<128x128xi32> to vector<128x128xf32>
    %18 = arith.sitofp %16 : vector<128x128xi32> to vector<128x128xf32>
    %19 = vector.broadcast %2 : f32 to vector<128x128xf32>
    %20 = arith.mulf %17, %19 : vector<128x128xf32>
    %21 = vector.broadcast %3 : f32 to vector<128x128xf32>
    %22 = arith.mulf %18, %21 : vector<128x128xf32>
    %23 = arith.addf %20, %22 : vector<128x128xf32>
    %24 = math.sin %23 : vector<128x128xf32>
    tpu.vector_store %arg4[%c0, %c0], %24 {strides = array<i32>} : memref<128x128xf32, #tpu.memory_space<vmem>>, vector<128x128xf32>, 
    return
  }
  func.func @transform_0(%arg0: i32, %arg1: i32) -> i32 {
    %c0_i32 = arith.constant 0 : i32
    return %c0_i32 : i32
  }
  func.func @transform_1(%arg0: i32, %arg1: i32) -> i32 {
    %c0_i32 = arith.constant 0 : i32
    return %c0_i32 : i32
  }
  func.func @transform_2(%arg0: i32, %arg1: i32) -> (i32, i32) {
    return %arg0, %arg1 : i32, i32
  }
}

// -----
module {
  func.func @attention_kernel0_tpu(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: memref<8x128xf32, #tpu.memory_space<vmem>>, %arg4: memref<128x128xf32, #tpu.memory_space<vmem>>, %arg5: memref<8x128xf32, #tpu.memory_space<vmem>>, %arg6: memref<8x128xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<parallel>, #tpu.dimension_semantics<parallel>, #tpu.dimension_semantics<arbitrary>], iteration_bounds = array<i64: 1, 1, 1>, scalar_prefetch = 0 : i64, scratch_operands = 1 : i64, tpu.core_type = #tpu.core_type<tc>, window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 8, 128>}, {transform_indices = @transform_1, window_bounds = array<i64: 128, 128>}, {transform_indices = @transform_2, window_bounds = array<i64: 8, 128>}]} {
    %cst = arith.constant dense<0.353553385> : vector<8x128xf32>
    %cst_0 = arith.constant dense<0.000000e+00> : vector<128x128xf32>
    %cst_1 = arith.constant dense<8> : vector<128x128xi32>
    %cst_2 = arith.constant dense<4> : vector<128x128xi32>
    %cst_3 = arith.constant dense<0.000000e+00> : vector<8x128xf32>
    %cst_4 = arith.constant dense<8> : vector<8x128xi32>
    %c128_i32 = arith.constant 128 : i32
    %cst_5 = arith.constant dense<4> : vector<8x128xi32>
    %c8_i32 = arith.constant 8 : i32
    %c0 = arith.constant 0 : index
    %c0_i32 = arith.constant 0 : i32
    %0 = arith.cmpi eq, %arg2, %c0_i32 : i32
    scf.if %0 {
      tpu.vector_store %arg6[%c0, %c0], %cst_3 {strides = array<i32>} : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>, 
    }
    %1 = vector.load %arg6[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    %2 = vector.load %arg3[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    %3 = tpu.iota {dimensions = array<i32: 0>} : vector<8x128xi32>
    %4 = arith.muli %arg0, %c8_i32 : i32
    %5 = vector.broadcast %4 : i32 to vector<8x128xi32>
    %6 = arith.addi %3, %5 : vector<8x128xi32>
    %7 = arith.cmpi slt, %6, %cst_5 : vector<8x128xi32>
    %8 = tpu.iota {dimensions = array<i32: 1>} : vector<8x128xi32>
    %9 = arith.muli %arg2, %c128_i32 : i32
    %10 = vector.broadcast %9 : i32 to vector<8x128xi32>
    %11 = arith.addi %8, %10 : vector<8x128xi32>
    %12 = arith.cmpi slt, %11, %cst_4 : vector<8x128xi32>
    %13 = arith.andi %7, %12 : vector<8x128xi1>
    %14 = arith.select %13, %2, %cst_3 : vector<8x128xi1>, vector<8x128xf32>
    %15 = vector.load %arg4[%c0, %c0] : memref<128x128xf32, #tpu.memory_space<vmem>>, vector<128x128xf32>
    %16 = tpu.iota {dimensions = array<i32: 0>} : vector<128x128xi32>
    %17 = arith.muli %arg1, %c128_i32 : i32
    %18 = vector.broadcast %17 : i32 to vector<128x128xi32>
    %19 = arith.addi %16, %18 : vector<128x128xi32>
    %20 = arith.cmpi slt, %19, %cst_2 : vector<128x128xi32>
    %21 = tpu.iota {dimensions = array<i32: 1>} : vector<128x128xi32>
    %22 = vector.broadcast %9 : i32 to vector<128x128xi32>
    %23 = arith.addi %21, %22 : vector<128x128xi32>
    %24 = arith.cmpi slt, %23, %cst_1 : vector<128x128xi32>
    %25 = arith.andi %20, %24 : vector<128x128xi1>
    %26 = arith.select %25, %15, %cst_0 : vector<128x128xi1>, vector<128x128xf32>
    %27 = vector.transpose %26, [1, 0] : vector<128x128xf32> to vector<128x128xf32>
    %28 = tpu.matmul %14, %27, %1 {dimension_numbers = #tpu.dot_dimension_numbers<[1], [0], [0], [1], [0, 0, 1, 1], [], []>, precision = #tpu.contract_precision<fp32>, transpose_lhs_hint = false} : vector<8x128xf32>, vector<128x128xf32>, vector<8x128xf32> -> vector<8x128xf32>
    tpu.vector_store %arg6[%c0, %c0], %28 {strides = array<i32>} : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>, 
    scf.if %0 {
      %29 = vector.load %arg6[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
      %30 = arith.mulf %29, %cst : vector<8x128xf32>
      tpu.vector_store %arg5[%c0, %c0], %30 {strides = array<i32>} : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>, 
    }
    return
  }
  func.func @transform_0(%arg0: i32, %arg1: i32, %arg2: i32) -> (i32, i32) {
    return %arg0, %arg2 : i32, i32
  }
  func.func @transform_1(%arg0: i32, %arg1: i32, %arg2: i32) -> (i32, i32) {
    return %arg1, %arg2 : i32, i32
  }
  func.func @transform_2(%arg0: i32, %arg1: i32, %arg2: i32) -> (i32, i32) {
    return %arg0, %arg1 : i32, i32
  }
}

// -----
module {
  func.func @attention_kernel1_tpu(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: memref<8x128xf32, #tpu.memory_space<vmem>>, %arg4: memref<128x128xf32, #tpu.memory_space<vmem>>, %arg5: memref<8x128xf32, #tpu.memory_space<vmem>>, %arg6: memref<8x128xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<parallel>, #tpu.dimension_semantics<parallel>, #tpu.dimension_semantics<arbitrary>], iteration_bounds = array<i64: 1, 1, 1>, scalar_prefetch = 0 : i64, scratch_operands = 1 : i64, tpu.core_type = #tpu.core_type<tc>, window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 8, 128>}, {transform_indices = @transform_1, window_bounds = array<i64: 128, 128>}, {transform_indices = @transform_2, window_bounds = array<i64: 8, 128>}]} {
    %cst = arith.constant dense<0.000000e+00> : vector<128x128xf32>
    %cst_0 = arith.constant dense<8> : vector<128x128xi32>
    %cst_1 = arith.constant dense<4> : vector<128x128xi32>
    %cst_2 = arith.constant dense<0.000000e+00> : vector<8x128xf32>
    %c128_i32 = arith.constant 128 : i32
    %cst_3 = arith.constant dense<4> : vector<8x128xi32>
    %c8_i32 = arith.constant 8 : i32
    %c0 = arith.constant 0 : index
    %c0_i32 = arith.constant 0 : i32
    %0 = arith.cmpi eq, %arg2, %c0_i32 : i32
    scf.if %0 {
      tpu.vector_store %arg6[%c0, %c0], %cst_2 {strides = array<i32>} : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>, 
    }
    %1 = vector.load %arg6[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    %2 = vector.load %arg3[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    %3 = tpu.iota {dimensions = array<i32: 0>} : vector<8x128xi32>
    %4 = arith.muli %arg0, %c8_i32 : i32
    %5 = vector.broadcast %4 : i32 to vector<8x128xi32>
    %6 = arith.addi %3, %5 : vector<8x128xi32>
    %7 = arith.cmpi slt, %6, %cst_3 : vector<8x128xi32>
    %8 = tpu.iota {dimensions = array<i32: 1>} : vector<8x128xi32>
    %9 = arith.muli %arg2, %c128_i32 : i32
    %10 = vector.broadcast %9 : i32 to vector<8x128xi32>
    %11 = arith.addi %8, %10 : vector<8x128xi32>
    %12 = arith.cmpi slt, %11, %cst_3 : vector<8x128xi32>
    %13 = arith.andi %7, %12 : vector<8x128xi1>
    %14 = arith.select %13, %2, %cst_2 : vector<8x128xi1>, vector<8x128xf32>
    %15 = vector.load %arg4[%c0, %c0] : memref<128x128xf32, #tpu.memory_space<vmem>>, vector<128x128xf32>
    %16 = tpu.iota {dimensions = array<i32: 0>} : vector<128x128xi32>
    %17 = vector.broadcast %9 : i32 to vector<128x128xi32>
    %18 = arith.addi %16, %17 : vector<128x128xi32>
    %19 = arith.cmpi slt, %18, %cst_1 : vector<128x128xi32>
    %20 = tpu.iota {dimensions = array<i32: 1>} : vector<128x128xi32>
    %21 = arith.muli %arg1, %c128_i32 : i32
    %22 = vector.broadcast %21 : i32 to vector<128x128xi32>
    %23 = arith.addi %20, %22 : vector<128x128xi32>
    %24 = arith.cmpi slt, %23, %cst_0 : vector<128x128xi32>
    %25 = arith.andi %19, %24 : vector<128x128xi1>
    %26 = arith.select %25, %15, %cst : vector<128x128xi1>, vector<128x128xf32>
    %27 = tpu.matmul %14, %26, %1 {dimension_numbers = #tpu.dot_dimension_numbers<[1], [0], [0], [1], [0, 0, 1, 1], [], []>, precision = #tpu.contract_precision<fp32>, transpose_lhs_hint = false} : vector<8x128xf32>, vector<128x128xf32>, vector<8x128xf32> -> vector<8x128xf32>
    tpu.vector_store %arg6[%c0, %c0], %27 {strides = array<i32>} : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>, 
    scf.if %0 {
      %28 = vector.load %arg6[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
      tpu.vector_store %arg5[%c0, %c0], %28 {strides = array<i32>} : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>, 
    }
    return
  }
  func.func @transform_0(%arg0: i32, %arg1: i32, %arg2: i32) -> (i32, i32) {
    return %arg0, %arg2 : i32, i32
  }
  func.func @transform_1(%arg0: i32, %arg1: i32, %arg2: i32) -> (i32, i32) {
    return %arg2, %arg1 : i32, i32
  }
  func.func @transform_2(%arg0: i32, %arg1: i32, %arg2: i32) -> (i32, i32) {
    return %arg0, %arg1 : i32, i32
  }
}

// -----
module {
  func.func @attention_kernel2_tpu(%arg0: i32, %arg1: memref<128x128xf32, #tpu.memory_space<vmem>>, %arg2: memref<128x128xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<parallel>], iteration_bounds = array<i64: 1>, scalar_prefetch = 0 : i64, scratch_operands = 0 : i64, tpu.core_type = #tpu.core_type<tc>, window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 128, 128>}, {transform_indices = @transform_1, window_bounds = array<i64: 128, 128>}]} {
    %cst = arith.constant dense<0xFF800000> : vector<128x128xf32>
    %cst_0 = arith.constant dense<0.000000e+00> : vector<128xf32>
    %cst_1 = arith.constant dense<0xFF800000> : vector<128xf32>
    %cst_2 = arith.constant dense<0.000000e+00> : vector<128x128xf32>
    %cst_3 = arith.constant dense<4> : vector<128x128xi32>
    %c128_i32 = arith.constant 128 : i32
    %c0 = arith.constant 0 : index
    %cst_4 = arith.constant dense<0xFFC00000> : vector<128xf32>
    %0 = vector.load %arg1[%c0, %c0] : memref<128x128xf32, #tpu.memory_space<vmem>>, vector<128x128xf32>
    %1 = tpu.iota {dimensions = array<i32: 0>} : vector<128x128xi32>
    %2 = arith.muli %arg0, %c128_i32 : i32
    %3 = vector.broadcast %2 : i32 to vector<128x128xi32>
    %4 = arith.addi %1, %3 : vector<128x128xi32>
    %5 = arith.cmpi slt, %4, %cst_3 : vector<128x128xi32>
    %6 = tpu.iota {dimensions = array<i32: 1>} : vector<128x128xi32>
    %7 = arith.cmpi slt, %6, %cst_3 : vector<128x128xi32>
    %8 = arith.andi %5, %7 : vector<128x128xi1>
    %9 = arith.select %8, %0, %cst_2 : vector<128x128xi1>, vector<128x128xf32>
    %10 = tpu.iota {dimensions = array<i32: 0>} : vector<128xi32>
    %11 = vector.shape_cast %10 : vector<128xi32> to vector<1x128xi32>
    %12 = vector.broadcast %11 : vector<1x128xi32> to vector<128x128xi32>
    %13 = arith.cmpi slt, %12, %cst_3 : vector<128x128xi32>
    %14 = arith.select %13, %9, %cst : vector<128x128xi1>, vector<128x128xf32>
    %15 = vector.multi_reduction <maximumf>, %14, %cst_1 [1] : vector<128x128xf32> to vector<128xf32>
    %16 = arith.maxnumf %15, %cst_4 : vector<128xf32>
    %17 = vector.shape_cast %16 : vector<128xf32> to vector<128x1xf32>
    %18 = vector.broadcast %17 : vector<128x1xf32> to vector<128x128xf32>
    %19 = arith.subf %9, %18 : vector<128x128xf32>
    %20 = math.exp %19 : vector<128x128xf32>
    %21 = arith.select %13, %20, %cst_2 : vector<128x128xi1>, vector<128x128xf32>
    %22 = vector.multi_reduction <add>, %21, %cst_0 [1] : vector<128x128xf32> to vector<128xf32>
    %23 = arith.addf %22, %cst_0 : vector<128xf32>
    %24 = vector.shape_cast %23 : vector<128xf32> to vector<128x1xf32>
    %25 = vector.broadcast %24 : vector<128x1xf32> to vector<128x128xf32>
    %26 = arith.divf %20, %25 : vector<128x128xf32>
    tpu.vector_store %arg2[%c0, %c0], %26 {strides = array<i32>} : memref<128x128xf32, #tpu.memory_space<vmem>>, vector<128x128xf32>, 
    return
  }
  func.func @transform_0(%arg0: i32) -> (i32, i32) {
    %c0_i32 = arith.constant 0 : i32
    return %arg0, %c0_i32 : i32, i32
  }
  func.func @transform_1(%arg0: i32) -> (i32, i32) {
    %c0_i32 = arith.constant 0 : i32
    return %arg0, %c0_i32 : i32, i32
  }
}

