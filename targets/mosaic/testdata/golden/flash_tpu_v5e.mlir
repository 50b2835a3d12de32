module {
  func.func @flash_kernel_tpu(%arg0: i32, %arg1: i32, %arg2: memref<8x32xf32, #tpu.memory_space<vmem>>, %arg3: memref<256x32xf32, #tpu.memory_space<vmem>>, %arg4: memref<256x32xf32, #tpu.memory_space<vmem>>, %arg5: memref<8x32xf32, #tpu.memory_space<vmem>>, %arg6: memref<8xf32, #tpu.memory_space<vmem>>, %arg7: memref<8xf32, #tpu.memory_space<vmem>>, %arg8: memref<8x32xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<parallel>, #tpu.dimension_semantics<arbitrary>], iteration_bounds = array<i64: 5, 2>, scalar_prefetch = 0 : i64, scratch_operands = 3 : i64, tpu.core_type = #tpu.core_type<tc>, window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 8, 32>}, {transform_indices = @transform_1, window_bounds = array<i64: 256, 32>}, {transform_indices = @transform_2, window_bounds = array<i64: 256, 32>}, {transform_indices = @transform_3, window_bounds = array<i64: 8, 32>}]} {
    %c1_i32 = arith.constant 1 : i32
    %cst = arith.constant dense<0.000000e+00> : vector<256x32xf32>
    %cst_0 = arith.constant dense<300> : vector<256x32xi32>
    %c256_i32 = arith.constant 256 : i32
    %c0_i32 = arith.constant 0 : i32
    %c0 = arith.constant 0 : index
    %c256 = arith.constant 256 : index
    %cst_1 = arith.constant dense<0xFF800000> : vector<8xf32>
    %cst_2 = arith.constant dense<0.000000e+00> : vector<8xf32>
    %cst_3 = arith.constant dense<0.000000e+00> : vector<8x32xf32>
    %cst_4 = arith.constant dense<0.000000e+00> : vector<8x256xf32>
    %cst_5 = arith.constant dense<0.176776692> : vector<8x256xf32>
    %cst_6 = arith.constant dense<300> : vector<256xi32>
    %cst_7 = arith.constant dense<0xFF800000> : vector<8x256xf32>
    %0 = arith.index_cast %arg1 : i32 to index
    %1 = vector.load %arg2[%c0, %c0] : memref<8x32xf32, #tpu.memory_space<vmem>>, vector<8x32xf32>
    %2 = arith.cmpi eq, %arg1, %c0_i32 : i32
    scf.if %2 {
      tpu.vector_store %arg6[%c0], %cst_1 {strides = array<i32>} : memref<8xf32, #tpu.memory_space<vmem>>, vector<8xf32>, 
      tpu.vector_store %arg7[%c0], %cst_2 {strides = array<i32>} : memref<8xf32, #tpu.memory_space<vmem>>, vector<8xf32>, 
      tpu.vector_store %arg8[%c0, %c0], %cst_3 {strides = array<i32>} : memref<8x32xf32, #tpu.memory_space<vmem>>, vector<8x32xf32>, 
    }
    %3 = vector.load %arg6[%c0] : memref<8xf32, #tpu.memory_space<vmem>>, vector<8xf32>
    %4 = vector.load %arg7[%c0] : memref<8xf32, #tpu.memory_space<vmem>>, vector<8xf32>
    %5 = vector.load %arg8[%c0, %c0] : memref<8x32xf32, #tpu.memory_space<vmem>>, vector<8x32xf32>
    %6 = vector.load %arg3[%c0, %c0] : memref<256x32xf32, #tpu.memory_space<vmem>>, vector<256x32xf32>
    %7 = tpu.iota {dimensions = array<i32: 0>} : vector<256x32xi32>
    %8 = arith.muli %arg1, %c256_i32 : i32
    %9 = vector.broadcast %8 : i32 to vector<256x32xi32>
    %10 = arith.addi %7, %9 : vector<256x32xi32>
    %11 = arith.cmpi slt, %10, %cst_0 : vector<256x32xi32>
    %12 = arith.select %11, %6, %cst : vector<256x32xi1>, vector<256x32xf32>
    %13 = vector.load %arg4[%c0, %c0] : memref<256x32xf32, #tpu.memory_space<vmem>>, vector<256x32xf32>
    %14 = arith.select %11, %13, %cst : vector<256x32xi1>, vector<256x32xf32>
    %15 = vector.transpose %12, [1, 0] : vector<256x32xf32> to vector<32x256xf32>
    %16 = tpu.matmul %1, %15, %cst_4 {dimension_numbers = #tpu.dot_dimension_numbers<[1], [0], [0], [1], [0, 0, 1, 1], [], []>, precision = #tpu.contract_precision<fp32>, transpose_lhs_hint = false} : vector<8x32xf32>, vector<32x256xf32>, vector<8x256xf32> -> vector<8x256xf32>
    %17 = arith.mulf %16, %cst_5 : vector<8x256xf32>
    %18 = tpu.iota {dimensions = array<i32: 0>} : vector<256xi32>
    %19 = arith.muli %0, %c256 : index
    %20 = arith.index_cast %19 : index to i32
    %21 = vector.broadcast %20 : i32 to vector<256xi32>
    %22 = arith.addi %18, %21 : vector<256xi32>
    %23 = arith.cmpi slt, %22, %cst_6 : vector<256xi32>
    %24 = vector.shape_cast %23 : vector<256xi1> to vector<1x256xi1>
    %25 = vector.broadcast %24 : vector<1x256xi1> to vector<8x256xi1>
    %26 = arith.select %25, %17, %cst_7 : vector<8x256xi1>, vector<8x256xf32>
    %27 = vector.multi_reduction <maximumf>, %26, %cst_1 [1] : vector<8x256xf32> to vector<8xf32>
    %28 = arith.maximumf %3, %27 : vector<8xf32>
    %29 = vector.shape_cast %28 : vector<8xf32> to vector<8x1xf32>
    %30 = vector.broadcast %29 : vector<8x1xf32> to vector<8x256xf32>
    %31 = arith.subf %26, %30 : vector<8x256xf32>
    %32 = math.exp %31 : vector<8x256xf32>
    %33 = vector.multi_reduction <add>, %32, %cst_2 [1] : vector<8x256xf32> to vector<8xf32>
    %34 = arith.subf %3, %28 : vector<8xf32>
    %35 = math.exp %34 : vector<8xf32>
    %36 = arith.mulf %4, %35 : vector<8xf32>
    %37 = arith.addf %36, %33 : vector<8xf32>
    %38 = vector.shape_cast %35 : vector<8xf32> to vector<8x1xf32>
    %39 = vector.broadcast %38 : vector<8x1xf32> to vector<8x32xf32>
    %40 = arith.mulf %5, %39 : vector<8x32xf32>
    %41 = tpu.matmul %32, %14, %40 {dimension_numbers = #tpu.dot_dimension_numbers<[1], [0], [0], [1], [0, 0, 1, 1], [], []>, precision = #tpu.contract_precision<fp32>, transpose_lhs_hint = false} : vector<8x256xf32>, vector<256x32xf32>, vector<8x32xf32> -> vector<8x32xf32>
    tpu.vector_store %arg6[%c0], %28 {strides = array<i32>} : memref<8xf32, #tpu.memory_space<vmem>>, vector<8xf32>, 
    tpu.vector_store %arg7[%c0], %37 {strides = array<i32>} : memref<8xf32, #tpu.memory_space<vmem>>, vector<8xf32>, 
    tpu.vector_store %arg8[%c0, %c0], %41 {strides = array<i32>} : memref<8x32xf32, #tpu.memory_space<vmem>>, vector<8x32xf32>, 
    %42 = arith.cmpi eq, %arg1, %c1_i32 : i32
    scf.if %42 {
      %43 = vector.load %arg7[%c0] : memref<8xf32, #tpu.memory_space<vmem>>, vector<8xf32>
      %44 = vector.load %arg8[%c0, %c0] : memref<8x32xf32, #tpu.memory_space<vmem>>, vector<8x32xf32>
      %45 = vector.shape_cast %43 : vector<8xf32> to vector<8x1xf32>
      %46 = vector.broadcast %45 : vector<8x1xf32> to vector<8x32xf32>
      %47 = arith.divf %44, %46 : vector<8x32xf32>
      tpu.vector_store %arg5[%c0, %c0], %47 {strides = array<i32>} : memref<8x32xf32, #tpu.memory_space<vmem>>, vector<8x32xf32>, 
    }
    return
  }
  func.func @transform_0(%arg0: i32, %arg1: i32) -> (i32, i32) {
    %c0_i32 = arith.constant 0 : i32
    return %arg0, %c0_i32 : i32, i32
  }
  func.func @transform_1(%arg0: i32, %arg1: i32) -> (i32, i32) {
    %c0_i32 = arith.constant 0 : i32
    return %arg1, %c0_i32 : i32, i32
  }
  func.func @transform_2(%arg0: i32, %arg1: i32) -> (i32, i32) {
    %c0_i32 = arith.constant 0 : i32
    return %arg1, %c0_i32 : i32, i32
  }
  func.func @transform_3(%arg0: i32, %arg1: i32) -> (i32, i32) {
    %c0_i32 = arith.constant 0 : i32
    return %arg0, %c0_i32 : i32, i32
  }
}

