module {
  func.func @ramp_kernel0_tpu(%arg0: i32, %arg1: i32, %arg2: memref<1xf32, #tpu.memory_space<smem>>, %arg3: memref<128x128xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<parallel>, #tpu.dimension_semantics<parallel>], iteration_bounds = array<i64: -9223372036854775808, -9223372036854775808>, scalar_prefetch = 0 : i64, scratch_operands = 0 : i64, tpu.core_type = #tpu.core_type<tc>, window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 1>}, {transform_indices = @transform_1, window_bounds = array<i64: 128, 128>}]} {
    %cst = arith.constant dense<7> : vector<128x128xi32>
    %cst_0 = arith.constant dense<5> : vector<128x128xi32>
    %cst_1 = arith.constant dense<3> : vector<128x128xi32>
    %c128 = arith.constant 128 : index
    %c0 = arith.constant 0 : index
    %0 = arith.index_cast %arg1 : i32 to index
    %1 = arith.index_cast %arg0 : i32 to index
    %2 = memref.load %arg2[%c0] : memref<1xf32, #tpu.memory_space<smem>>
    %3 = tpu.iota {dimensions = array<i32: 0>} : vector<128xi32>
    %4 = arith.muli %1, %c128 : index
    %5 = arith.index_cast %4 : index to i32
    %6 = vector.broadcast %5 : i32 to vector<128xi32>
    %7 = arith.addi %3, %6 : vector<128xi32>
    %8 = vector.shape_cast %7 : vector<128xi32> to vector<128x1xi32>
    %9 = vector.broadcast %8 : vector<128x1xi32> to vector<128x128xi32>
    %10 = arith.muli %0, %c128 : index
    %11 = arith.index_cast %10 : index to i32
    %12 = vector.broadcast %11 : i32 to vector<128xi32>
    %13 = arith.addi %3, %12 : vector<128xi32>
    %14 = vector.shape_cast %13 : vector<128xi32> to vector<1x128xi32>
    %15 = vector.broadcast %14 : vector<1x128xi32> to vector<128x128xi32>
    %16 = arith.muli %9, %cst_1 : vector<128x128xi32>
    %17 = arith.muli %15, %cst_0 : vector<128x128xi32>
    %18 = arith.addi %16, %17 : vector<128x128xi32>
    %19 = arith.remui %18, %cst : vector<128x128xi32>
    %20 = arith.subi %19, %cst_1 : vector<128x128xi32>
    %21 = arith.sitofp %20 : vector<128x128xi32> to vector<128x128xf32>
    %22 = vector.broadcast %2 : f32 to vector<128x128xf32>
    %23 = arith.mulf %21, %22 : vector<128x128xf32>
    tpu.vector_store %arg3[%c0, %c0], %23 {strides = array<i32>} : memref<128x128xf32, #tpu.memory_space<vmem>>, vector<128x128xf32>, 
    return
  }
  func.func @transform_0(%arg0: i32, %arg1: i32) -> i32 {
    %c0_i32 = arith.constant 0 : i32
    return %c0_i32 : i32
  }
  func.func @transform_1(%arg0: i32, %arg1: i32) -> (i32, i32) {
    return %arg0, %arg1 : i32, i32
  }
}

// -----
module {
  func.func @gemm_bias_relu_kernel0_tpu(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: memref<8x256xf32, #tpu.memory_space<vmem>>, %arg4: memref<256x256xf32, #tpu.memory_space<vmem>>, %arg5: memref<256xf32, #tpu.memory_space<vmem>>, %arg6: memref<8x256xf32, #tpu.memory_space<vmem>>, %arg7: memref<8x256xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<parallel>, #tpu.dimension_semantics<parallel>, #tpu.dimension_semantics<arbitrary>], iteration_bounds = array<i64: 2, 1, 1>, scalar_prefetch = 0 : i64, scratch_operands = 1 : i64, tpu.core_type = #tpu.core_type<tc>, window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 8, 256>}, {transform_indices = @transform_1, window_bounds = array<i64: 256, 256>}, {transform_indices = @transform_2, window_bounds = array<i64: 256>}, {transform_indices = @transform_3, window_bounds = array<i64: 8, 256>}]} {
    %cst = arith.constant dense<0.000000e+00> : vector<256xf32>
    %cst_0 = arith.constant dense<17> : vector<256xi32>
    %cst_1 = arith.constant dense<0.000000e+00> : vector<256x256xf32>
    %cst_2 = arith.constant dense<17> : vector<256x256xi32>
    %cst_3 = arith.constant dense<11> : vector<256x256xi32>
    %cst_4 = arith.constant dense<0.000000e+00> : vector<8x256xf32>
    %cst_5 = arith.constant dense<11> : vector<8x256xi32>
    %c256_i32 = arith.constant 256 : i32
    %cst_6 = arith.constant dense<13> : vector<8x256xi32>
    %c8_i32 = arith.constant 8 : i32
    %c0 = arith.constant 0 : index
    %c0_i32 = arith.constant 0 : i32
    %0 = arith.cmpi eq, %arg2, %c0_i32 : i32
    scf.if %0 {
      tpu.vector_store %arg7[%c0, %c0], %cst_4 {strides = array<i32>} : memref<8x256xf32, #tpu.memory_space<vmem>>, vector<8x256xf32>, 
    }
    %1 = vector.load %arg7[%c0, %c0] : memref<8x256xf32, #tpu.memory_space<vmem>>, vector<8x256xf32>
    %2 = vector.load %arg3[%c0, %c0] : memref<8x256xf32, #tpu.memory_space<vmem>>, vector<8x256xf32>
    %3 = tpu.iota {dimensions = array<i32: 0>} : vector<8x256xi32>
    %4 = arith.muli %arg0, %c8_i32 : i32
    %5 = vector.broadcast %4 : i32 to vector<8x256xi32>
    %6 = arith.addi %3, %5 : vector<8x256xi32>
    %7 = arith.cmpi slt, %6, %cst_6 : vector<8x256xi32>
    %8 = tpu.iota {dimensions = array<i32: 1>} : vector<8x256xi32>
    %9 = arith.muli %arg2, %c256_i32 : i32
    %10 = vector.broadcast %9 : i32 to vector<8x256xi32>
    %11 = arith.addi %8, %10 : vector<8x256xi32>
    %12 = arith.cmpi slt, %11, %cst_5 : vector<8x256xi32>
    %13 = arith.andi %7, %12 : vector<8x256xi1>
    %14 = arith.select %13, %2, %cst_4 : vector<8x256xi1>, vector<8x256xf32>
    %15 = vector.load %arg4[%c0, %c0] : memref<256x256xf32, #tpu.memory_space<vmem>>, vector<256x256xf32>
    %16 = tpu.iota {dimensions = array<i32: 0>} : vector<256x256xi32>
    %17 = vector.broadcast %9 : i32 to vector<256x256xi32>
    %18 = arith.addi %16, %17 : vector<256x256xi32>
    %19 = arith.cmpi slt, %18, %cst_3 : vector<256x256xi32>
    %20 = tpu.iota {dimensions = array<i32: 1>} : vector<256x256xi32>
    %21 = arith.muli %arg1, %c256_i32 : i32
    %22 = vector.broadcast %21 : i32 to vector<256x256xi32>
    %23 = arith.addi %20, %22 : vector<256x256xi32>
    %24 = arith.cmpi slt, %23, %cst_2 : vector<256x256xi32>
    %25 = arith.andi %19, %24 : vector<256x256xi1>
    %26 = arith.select %25, %15, %cst_1 : vector<256x256xi1>, vector<256x256xf32>
    %27 = tpu.matmul %14, %26, %1 {dimension_numbers = #tpu.dot_dimension_numbers<[1], [0], [0], [1], [0, 0, 1, 1], [], []>, precision = #tpu.contract_precision<fp32>, transpose_lhs_hint = false} : vector<8x256xf32>, vector<256x256xf32>, vector<8x256xf32> -> vector<8x256xf32>
    tpu.vector_store %arg7[%c0, %c0], %27 {strides = array<i32>} : memref<8x256xf32, #tpu.memory_space<vmem>>, vector<8x256xf32>, 
    scf.if %0 {
      %28 = vector.load %arg7[%c0, %c0] : memref<8x256xf32, #tpu.memory_space<vmem>>, vector<8x256xf32>
      %29 = vector.load %arg5[%c0] : memref<256xf32, #tpu.memory_space<vmem>>, vector<256xf32>
      %30 = tpu.iota {dimensions = array<i32: 0>} : vector<256xi32>
      %31 = vector.broadcast %21 : i32 to vector<256xi32>
      %32 = arith.addi %30, %31 : vector<256xi32>
      %33 = arith.cmpi slt, %32, %cst_0 : vector<256xi32>
      %34 = arith.select %33, %29, %cst : vector<256xi1>, vector<256xf32>
      %35 = vector.shape_cast %34 : vector<256xf32> to vector<1x256xf32>
      %36 = vector.broadcast %35 : vector<1x256xf32> to vector<8x256xf32>
      %37 = arith.addf %28, %36 : vector<8x256xf32>
      %38 = arith.maximumf %37, %cst_4 : vector<8x256xf32>
      tpu.vector_store %arg6[%c0, %c0], %38 {strides = array<i32>} : memref<8x256xf32, #tpu.memory_space<vmem>>, vector<8x256xf32>, 
    }
    return
  }
  func.func @transform_0(%arg0: i32, %arg1: i32, %arg2: i32) -> (i32, i32) {
    return %arg0, %arg2 : i32, i32
  }
  func.func @transform_1(%arg0: i32, %arg1: i32, %arg2: i32) -> (i32, i32) {
    return %arg2, %arg1 : i32, i32
  }
  func.func @transform_2(%arg0: i32, %arg1: i32, %arg2: i32) -> i32 {
    return %arg1 : i32
  }
  func.func @transform_3(%arg0: i32, %arg1: i32, %arg2: i32) -> (i32, i32) {
    return %arg0, %arg1 : i32, i32
  }
}

