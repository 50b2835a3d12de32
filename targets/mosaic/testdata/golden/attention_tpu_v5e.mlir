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
  func.func @attention_kernel0_tpu(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: memref<8x128xf32, #tpu.memory_space<vmem>>, %arg4: memref<128x128xf32, #tpu.memory_space<vmem>>, %arg5: memref<128x128xf32, #tpu.memory_space<vmem>>, %arg6: memref<8x128xf32, #tpu.memory_space<vmem>>, %arg7: memref<8xf32, #tpu.memory_space<vmem>>, %arg8: memref<8xf32, #tpu.memory_space<vmem>>, %arg9: memref<8x128xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<parallel>, #tpu.dimension_semantics<parallel>, #tpu.dimension_semantics<arbitrary>], iteration_bounds = array<i64: 1, 1, 1>, scalar_prefetch = 0 : i64, scratch_operands = 3 : i64, tpu.core_type = #tpu.core_type<tc>, window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 8, 128>}, {transform_indices = @transform_1, window_bounds = array<i64: 128, 128>}, {transform_indices = @transform_2, window_bounds = array<i64: 128, 128>}, {transform_indices = @transform_3, window_bounds = array<i64: 8, 128>}]} {
    %cst = arith.constant dense<0xFF800000> : vector<8x128xf32>
    %cst_0 = arith.constant dense<0.510069728> : vector<8x128xf32>
    %cst_1 = arith.constant dense<0.000000e+00> : vector<8xf32>
    %cst_2 = arith.constant dense<0xFF800000> : vector<8xf32>
    %cst_3 = arith.constant dense<0.000000e+00> : vector<128x128xf32>
    %cst_4 = arith.constant dense<8> : vector<128x128xi32>
    %cst_5 = arith.constant dense<4> : vector<128x128xi32>
    %cst_6 = arith.constant dense<0.000000e+00> : vector<8x128xf32>
    %cst_7 = arith.constant dense<8> : vector<8x128xi32>
    %c128_i32 = arith.constant 128 : i32
    %c0_i32 = arith.constant 0 : i32
    %cst_8 = arith.constant dense<4> : vector<8x128xi32>
    %c8_i32 = arith.constant 8 : i32
    %c0 = arith.constant 0 : index
    %c128 = arith.constant 128 : index
    %0 = arith.index_cast %arg2 : i32 to index
    %1 = vector.load %arg3[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    %2 = tpu.iota {dimensions = array<i32: 0>} : vector<8x128xi32>
    %3 = arith.muli %arg0, %c8_i32 : i32
    %4 = vector.broadcast %3 : i32 to vector<8x128xi32>
    %5 = arith.addi %2, %4 : vector<8x128xi32>
    %6 = arith.cmpi slt, %5, %cst_8 : vector<8x128xi32>
    %7 = tpu.iota {dimensions = array<i32: 1>} : vector<8x128xi32>
    %8 = arith.cmpi slt, %7, %cst_7 : vector<8x128xi32>
    %9 = arith.andi %6, %8 : vector<8x128xi1>
    %10 = arith.select %9, %1, %cst_6 : vector<8x128xi1>, vector<8x128xf32>
    %11 = arith.cmpi eq, %arg2, %c0_i32 : i32
    scf.if %11 {
      tpu.vector_store %arg7[%c0], %cst_2 {strides = array<i32>} : memref<8xf32, #tpu.memory_space<vmem>>, vector<8xf32>, 
      tpu.vector_store %arg8[%c0], %cst_1 {strides = array<i32>} : memref<8xf32, #tpu.memory_space<vmem>>, vector<8xf32>, 
      tpu.vector_store %arg9[%c0, %c0], %cst_6 {strides = array<i32>} : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>, 
    }
    %12 = vector.load %arg7[%c0] : memref<8xf32, #tpu.memory_space<vmem>>, vector<8xf32>
    %13 = vector.load %arg8[%c0] : memref<8xf32, #tpu.memory_space<vmem>>, vector<8xf32>
    %14 = vector.load %arg9[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    %15 = vector.load %arg4[%c0, %c0] : memref<128x128xf32, #tpu.memory_space<vmem>>, vector<128x128xf32>
    %16 = tpu.iota {dimensions = array<i32: 0>} : vector<128x128xi32>
    %17 = arith.muli %arg2, %c128_i32 : i32
    %18 = vector.broadcast %17 : i32 to vector<128x128xi32>
    %19 = arith.addi %16, %18 : vector<128x128xi32>
    %20 = arith.cmpi slt, %19, %cst_5 : vector<128x128xi32>
    %21 = tpu.iota {dimensions = array<i32: 1>} : vector<128x128xi32>
    %22 = arith.cmpi slt, %21, %cst_4 : vector<128x128xi32>
    %23 = arith.andi %20, %22 : vector<128x128xi1>
    %24 = arith.select %23, %15, %cst_3 : vector<128x128xi1>, vector<128x128xf32>
    %25 = vector.transpose %24, [1, 0] : vector<128x128xf32> to vector<128x128xf32>
    %26 = tpu.matmul %10, %25, %cst_6 {dimension_numbers = #tpu.dot_dimension_numbers<[1], [0], [0], [1], [0, 0, 1, 1], [], []>, precision = #tpu.contract_precision<fp32>, transpose_lhs_hint = false} : vector<8x128xf32>, vector<128x128xf32>, vector<8x128xf32> -> vector<8x128xf32>
    %27 = arith.mulf %26, %cst_0 : vector<8x128xf32>
    %28 = arith.muli %0, %c128 : index
    %29 = tpu.iota {dimensions = array<i32: 0>} : vector<128xi32>
    %30 = arith.index_cast %28 : index to i32
    %31 = vector.broadcast %30 : i32 to vector<128xi32>
    %32 = arith.addi %29, %31 : vector<128xi32>
    %33 = vector.shape_cast %32 : vector<128xi32> to vector<1x128xi32>
    %34 = vector.broadcast %33 : vector<1x128xi32> to vector<8x128xi32>
    %35 = arith.cmpi slt, %34, %cst_8 : vector<8x128xi32>
    %36 = arith.select %35, %27, %cst : vector<8x128xi1>, vector<8x128xf32>
    %37 = vector.multi_reduction <maximumf>, %36, %cst_2 [1] : vector<8x128xf32> to vector<8xf32>
    %38 = arith.maximumf %12, %37 : vector<8xf32>
    %39 = vector.shape_cast %38 : vector<8xf32> to vector<8x1xf32>
    %40 = vector.broadcast %39 : vector<8x1xf32> to vector<8x128xf32>
    %41 = arith.subf %36, %40 : vector<8x128xf32>
    %42 = math.exp2 %41 : vector<8x128xf32>
    %43 = vector.multi_reduction <add>, %42, %cst_1 [1] : vector<8x128xf32> to vector<8xf32>
    %44 = arith.subf %12, %38 : vector<8xf32>
    %45 = math.exp2 %44 : vector<8xf32>
    %46 = arith.mulf %13, %45 : vector<8xf32>
    %47 = arith.addf %46, %43 : vector<8xf32>
    %48 = vector.shape_cast %45 : vector<8xf32> to vector<8x1xf32>
    %49 = vector.broadcast %48 : vector<8x1xf32> to vector<8x128xf32>
    %50 = arith.mulf %14, %49 : vector<8x128xf32>
    %51 = vector.load %arg5[%c0, %c0] : memref<128x128xf32, #tpu.memory_space<vmem>>, vector<128x128xf32>
    %52 = arith.select %23, %51, %cst_3 : vector<128x128xi1>, vector<128x128xf32>
    %53 = tpu.matmul %42, %52, %50 {dimension_numbers = #tpu.dot_dimension_numbers<[1], [0], [0], [1], [0, 0, 1, 1], [], []>, precision = #tpu.contract_precision<fp32>, transpose_lhs_hint = false} : vector<8x128xf32>, vector<128x128xf32>, vector<8x128xf32> -> vector<8x128xf32>
    tpu.vector_store %arg7[%c0], %38 {strides = array<i32>} : memref<8xf32, #tpu.memory_space<vmem>>, vector<8xf32>, 
    tpu.vector_store %arg8[%c0], %47 {strides = array<i32>} : memref<8xf32, #tpu.memory_space<vmem>>, vector<8xf32>, 
    tpu.vector_store %arg9[%c0, %c0], %53 {strides = array<i32>} : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>, 
    scf.if %11 {
      %54 = vector.load %arg8[%c0] : memref<8xf32, #tpu.memory_space<vmem>>, vector<8xf32>
      %55 = vector.load %arg9[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
      %56 = vector.shape_cast %54 : vector<8xf32> to vector<8x1xf32>
      %57 = vector.broadcast %56 : vector<8x1xf32> to vector<8x128xf32>
      %58 = arith.divf %55, %57 : vector<8x128xf32>
      tpu.vector_store %arg6[%c0, %c0], %58 {strides = array<i32>} : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>, 
    }
    return
  }
  func.func @transform_0(%arg0: i32, %arg1: i32, %arg2: i32) -> (i32, i32) {
    %c0_i32 = arith.constant 0 : i32
    return %arg0, %c0_i32 : i32, i32
  }
  func.func @transform_1(%arg0: i32, %arg1: i32, %arg2: i32) -> (i32, i32) {
    %c0_i32 = arith.constant 0 : i32
    return %arg2, %c0_i32 : i32, i32
  }
  func.func @transform_2(%arg0: i32, %arg1: i32, %arg2: i32) -> (i32, i32) {
    %c0_i32 = arith.constant 0 : i32
    return %arg2, %c0_i32 : i32, i32
  }
  func.func @transform_3(%arg0: i32, %arg1: i32, %arg2: i32) -> (i32, i32) {
    %c0_i32 = arith.constant 0 : i32
    return %arg0, %c0_i32 : i32, i32
  }
}

