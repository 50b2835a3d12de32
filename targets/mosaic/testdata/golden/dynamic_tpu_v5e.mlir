module {
  func.func @ramp_kernel0_tpu(%arg0: i32, %arg1: i32, %arg2: memref<128x128xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<parallel>, #tpu.dimension_semantics<parallel>], iteration_bounds = array<i64: -9223372036854775808, -9223372036854775808>, scalar_prefetch = 0 : i64, scratch_operands = 0 : i64, tpu.core_type = #tpu.core_type<tc>, window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 128, 128>}]} {
    %cst = arith.constant dense<2.500000e-01> : vector<128x128xf32>
    %cst_0 = arith.constant dense<11> : vector<128x128xi32>
    %cst_1 = arith.constant dense<5> : vector<128x128xi32>
    %cst_2 = arith.constant dense<3> : vector<128x128xi32>
    %c0 = arith.constant 0 : index
    %c128 = arith.constant 128 : index
    %0 = arith.index_cast %arg1 : i32 to index
    %1 = arith.index_cast %arg0 : i32 to index
    %2 = tpu.iota {dimensions = array<i32: 0>} : vector<128xi32>
    %3 = arith.muli %1, %c128 : index
    %4 = arith.index_cast %3 : index to i32
    %5 = vector.broadcast %4 : i32 to vector<128xi32>
    %6 = arith.addi %2, %5 : vector<128xi32>
    %7 = vector.shape_cast %6 : vector<128xi32> to vector<128x1xi32>
    %8 = vector.broadcast %7 : vector<128x1xi32> to vector<128x128xi32>
    %9 = arith.muli %0, %c128 : index
    %10 = arith.index_cast %9 : index to i32
    %11 = vector.broadcast %10 : i32 to vector<128xi32>
    %12 = arith.addi %2, %11 : vector<128xi32>
    %13 = vector.shape_cast %12 : vector<128xi32> to vector<1x128xi32>
    %14 = vector.broadcast %13 : vector<1x128xi32> to vector<128x128xi32>
    %15 = arith.muli %8, %cst_2 : vector<128x128xi32>
    %16 = arith.muli %14, %cst_1 : vector<128x128xi32>
    %17 = arith.addi %15, %16 : vector<128x128xi32>
    %18 = arith.remui %17, %cst_0 : vector<128x128xi32>
    %19 = arith.sitofp %18 : vector<128x128xi32> to vector<128x128xf32>
    %20 = arith.mulf %19, %cst : vector<128x128xf32>
    tpu.vector_store %arg2[%c0, %c0], %20 {strides = array<i32>} : memref<128x128xf32, #tpu.memory_space<vmem>>, vector<128x128xf32>, 
    return
  }
  func.func @transform_0(%arg0: i32, %arg1: i32) -> (i32, i32) {
    return %arg0, %arg1 : i32, i32
  }
}

// -----
module {
  func.func @softmax_kernel0_tpu(%arg0: i32, %arg1: memref<1xi32, #tpu.memory_space<smem>>, %arg2: memref<128x512xf32, #tpu.memory_space<vmem>>, %arg3: memref<128x512xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<parallel>], iteration_bounds = array<i64: -9223372036854775808>, scalar_prefetch = 1 : i64, scratch_operands = 0 : i64, tpu.core_type = #tpu.core_type<tc>, window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 128, 512>}, {transform_indices = @transform_1, window_bounds = array<i64: 128, 512>}]} {
    %cst = arith.constant dense<0xFF800000> : vector<128x512xf32>
    %cst_0 = arith.constant dense<0.000000e+00> : vector<128xf32>
    %cst_1 = arith.constant dense<0xFF800000> : vector<128xf32>
    %cst_2 = arith.constant dense<0.000000e+00> : vector<128x512xf32>
    %cst_3 = arith.constant dense<300> : vector<128x512xi32>
    %c128_i32 = arith.constant 128 : i32
    %c0 = arith.constant 0 : index
    %cst_4 = arith.constant dense<0xFFC00000> : vector<128xf32>
    %0 = vector.load %arg2[%c0, %c0] : memref<128x512xf32, #tpu.memory_space<vmem>>, vector<128x512xf32>
    %1 = tpu.iota {dimensions = array<i32: 0>} : vector<128x512xi32>
    %2 = arith.muli %arg0, %c128_i32 : i32
    %3 = vector.broadcast %2 : i32 to vector<128x512xi32>
    %4 = arith.addi %1, %3 : vector<128x512xi32>
    %5 = memref.load %arg1[%c0] : memref<1xi32, #tpu.memory_space<smem>>
    %6 = vector.broadcast %5 : i32 to vector<128x512xi32>
    %7 = arith.cmpi slt, %4, %6 : vector<128x512xi32>
    %8 = tpu.iota {dimensions = array<i32: 1>} : vector<128x512xi32>
    %9 = arith.cmpi slt, %8, %cst_3 : vector<128x512xi32>
    %10 = arith.andi %7, %9 : vector<128x512xi1>
    %11 = arith.select %10, %0, %cst_2 : vector<128x512xi1>, vector<128x512xf32>
    %12 = tpu.iota {dimensions = array<i32: 0>} : vector<512xi32>
    %13 = vector.shape_cast %12 : vector<512xi32> to vector<1x512xi32>
    %14 = vector.broadcast %13 : vector<1x512xi32> to vector<128x512xi32>
    %15 = arith.cmpi slt, %14, %cst_3 : vector<128x512xi32>
    %16 = arith.select %15, %11, %cst : vector<128x512xi1>, vector<128x512xf32>
    %17 = vector.multi_reduction <maximumf>, %16, %cst_1 [1] : vector<128x512xf32> to vector<128xf32>
    %18 = arith.maxnumf %17, %cst_4 : vector<128xf32>
    %19 = vector.shape_cast %18 : vector<128xf32> to vector<128x1xf32>
    %20 = vector.broadcast %19 : vector<128x1xf32> to vector<128x512xf32>
    %21 = arith.subf %11, %20 : vector<128x512xf32>
    %22 = math.exp %21 : vector<128x512xf32>
    %23 = arith.select %15, %22, %cst_2 : vector<128x512xi1>, vector<128x512xf32>
    %24 = vector.multi_reduction <add>, %23, %cst_0 [1] : vector<128x512xf32> to vector<128xf32>
    %25 = arith.addf %24, %cst_0 : vector<128xf32>
    %26 = vector.shape_cast %25 : vector<128xf32> to vector<128x1xf32>
    %27 = vector.broadcast %26 : vector<128x1xf32> to vector<128x512xf32>
    %28 = arith.divf %22, %27 : vector<128x512xf32>
    tpu.vector_store %arg3[%c0, %c0], %28 {strides = array<i32>} : memref<128x512xf32, #tpu.memory_space<vmem>>, vector<128x512xf32>, 
    return
  }
  func.func @transform_0(%arg0: i32, %arg1: memref<1xi32, #tpu.memory_space<smem>>) -> (i32, i32) {
    %c0_i32 = arith.constant 0 : i32
    return %arg0, %c0_i32 : i32, i32
  }
  func.func @transform_1(%arg0: i32, %arg1: memref<1xi32, #tpu.memory_space<smem>>) -> (i32, i32) {
    %c0_i32 = arith.constant 0 : i32
    return %arg0, %c0_i32 : i32, i32
  }
}

// -----
module {
  func.func @affine_kernel0_tpu(%arg0: i32, %arg1: i32, %arg2: memref<1xi32, #tpu.memory_space<smem>>, %arg3: memref<1xi32, #tpu.memory_space<smem>>, %arg4: memref<128x128xf32, #tpu.memory_space<vmem>>, %arg5: memref<128x128xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<parallel>, #tpu.dimension_semantics<parallel>], iteration_bounds = array<i64: -9223372036854775808, -9223372036854775808>, scalar_prefetch = 2 : i64, scratch_operands = 0 : i64, tpu.core_type = #tpu.core_type<tc>, window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 128, 128>}, {transform_indices = @transform_1, window_bounds = array<i64: 128, 128>}]} {
    %cst = arith.constant dense<1.000000e+00> : vector<128x128xf32>
    %cst_0 = arith.constant dense<2.000000e+00> : vector<128x128xf32>
    %cst_1 = arith.constant dense<0.000000e+00> : vector<128x128xf32>
    %c128_i32 = arith.constant 128 : i32
    %c0 = arith.constant 0 : index
    %0 = vector.load %arg4[%c0, %c0] : memref<128x128xf32, #tpu.memory_space<vmem>>, vector<128x128xf32>
    %1 = tpu.iota {dimensions = array<i32: 0>} : vector<128x128xi32>
    %2 = arith.muli %arg0, %c128_i32 : i32
    %3 = vector.broadcast %2 : i32 to vector<128x128xi32>
    %4 = arith.addi %1, %3 : vector<128x128xi32>
    %5 = memref.load %arg2[%c0] : memref<1xi32, #tpu.memory_space<smem>>
    %6 = vector.broadcast %5 : i32 to vector<128x128xi32>
    %7 = arith.cmpi slt, %4, %6 : vector<128x128xi32>
    %8 = tpu.iota {dimensions = array<i32: 1>} : vector<128x128xi32>
    %9 = arith.muli %arg1, %c128_i32 : i32
    %10 = vector.broadcast %9 : i32 to vector<128x128xi32>
    %11 = arith.addi %8, %10 : vector<128x128xi32>
    %12 = memref.load %arg3[%c0] : memref<1xi32, #tpu.memory_space<smem>>
    %13 = vector.broadcast %12 : i32 to vector<128x128xi32>
    %14 = arith.cmpi slt, %11, %13 : vector<128x128xi32>
    %15 = arith.andi %7, %14 : vector<128x128xi1>
    %16 = arith.select %15, %0, %cst_1 : vector<128x128xi1>, vector<128x128xf32>
    %17 = arith.mulf %16, %cst_0 : vector<128x128xf32>
    %18 = arith.subf %17, %cst : vector<128x128xf32>
    tpu.vector_store %arg5[%c0, %c0], %18 {strides = array<i32>} : memref<128x128xf32, #tpu.memory_space<vmem>>, vector<128x128xf32>, 
    return
  }
  func.func @transform_0(%arg0: i32, %arg1: i32, %arg2: memref<1xi32, #tpu.memory_space<smem>>, %arg3: memref<1xi32, #tpu.memory_space<smem>>) -> (i32, i32) {
    return %arg0, %arg1 : i32, i32
  }
  func.func @transform_1(%arg0: i32, %arg1: i32, %arg2: memref<1xi32, #tpu.memory_space<smem>>, %arg3: memref<1xi32, #tpu.memory_space<smem>>) -> (i32, i32) {
    return %arg0, %arg1 : i32, i32
  }
}

