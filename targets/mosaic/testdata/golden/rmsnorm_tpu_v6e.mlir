module {
  func.func @wave_kernel0_tpu(%arg0: i32, %arg1: i32, %arg2: memref<128x128xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<parallel>, #tpu.dimension_semantics<parallel>], iteration_bounds = array<i64: 1, 1>, scalar_prefetch = 0 : i64, scratch_operands = 0 : i64, tpu.core_type = #tpu.core_type<tc>, window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 128, 128>}]} {
    %cst = arith.constant dense<1.000000e+00> : vector<128x128xf32>
    %cst_0 = arith.constant dense<2.500000e-01> : vector<128x128xf32>
    %cst_1 = arith.constant dense<-4.500000e-01> : vector<128x128xf32>
    %cst_2 = arith.constant dense<0.699999988> : vector<128x128xf32>
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
    %15 = arith.sitofp %8 : vector<128x128xi32> to vector<128x128xf32>
    %16 = arith.sitofp %14 : vector<128x128xi32> to vector<128x128xf32>
    %17 = arith.mulf %15, %cst_2 : vector<128x128xf32>
    %18 = arith.mulf %16, %cst_1 : vector<128x128xf32>
    %19 = arith.addf %17, %18 : vector<128x128xf32>
    %20 = math.cos %19 : vector<128x128xf32>
    %21 = arith.mulf %15, %cst_0 : vector<128x128xf32>
    %22 = arith.addf %21, %cst : vector<128x128xf32>
    %23 = arith.mulf %20, %22 : vector<128x128xf32>
    tpu.vector_store %arg2[%c0, %c0], %23 {strides = array<i32>} : memref<128x128xf32, #tpu.memory_space<vmem>>, vector<128x128xf32>, 
    return
  }
  func.func @transform_0(%arg0: i32, %arg1: i32) -> (i32, i32) {
    return %arg0, %arg1 : i32, i32
  }
}

// -----
module {
  func.func @rmsnorm_kernel0_tpu(%arg0: i32, %arg1: memref<128x128xf32, #tpu.memory_space<vmem>>, %arg2: memref<128xf32, #tpu.memory_space<vmem>>, %arg3: memref<128x128xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<parallel>], iteration_bounds = array<i64: 1>, scalar_prefetch = 0 : i64, scratch_operands = 0 : i64, tpu.core_type = #tpu.core_type<tc>, window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 128, 128>}, {transform_indices = @transform_1, window_bounds = array<i64: 128>}, {transform_indices = @transform_2, window_bounds = array<i64: 128, 128>}]} {
    %cst = arith.constant dense<9.99999997E-7> : vector<128x128xf32>
    %cst_0 = arith.constant dense<1.300000e+01> : vector<128x128xf32>
    %cst_1 = arith.constant dense<13> : vector<128xi32>
    %cst_2 = arith.constant dense<0.000000e+00> : vector<128xf32>
    %cst_3 = arith.constant dense<0.000000e+00> : vector<128x128xf32>
    %cst_4 = arith.constant dense<13> : vector<128x128xi32>
    %cst_5 = arith.constant dense<7> : vector<128x128xi32>
    %c128_i32 = arith.constant 128 : i32
    %c0 = arith.constant 0 : index
    %0 = vector.load %arg1[%c0, %c0] : memref<128x128xf32, #tpu.memory_space<vmem>>, vector<128x128xf32>
    %1 = tpu.iota {dimensions = array<i32: 0>} : vector<128x128xi32>
    %2 = arith.muli %arg0, %c128_i32 : i32
    %3 = vector.broadcast %2 : i32 to vector<128x128xi32>
    %4 = arith.addi %1, %3 : vector<128x128xi32>
    %5 = arith.cmpi slt, %4, %cst_5 : vector<128x128xi32>
    %6 = tpu.iota {dimensions = array<i32: 1>} : vector<128x128xi32>
    %7 = arith.cmpi slt, %6, %cst_4 : vector<128x128xi32>
    %8 = arith.andi %5, %7 : vector<128x128xi1>
    %9 = arith.select %8, %0, %cst_3 : vector<128x128xi1>, vector<128x128xf32>
    %10 = arith.mulf %9, %9 : vector<128x128xf32>
    %11 = tpu.iota {dimensions = array<i32: 0>} : vector<128xi32>
    %12 = vector.shape_cast %11 : vector<128xi32> to vector<1x128xi32>
    %13 = vector.broadcast %12 : vector<1x128xi32> to vector<128x128xi32>
    %14 = arith.cmpi slt, %13, %cst_4 : vector<128x128xi32>
    %15 = arith.select %14, %10, %cst_3 : vector<128x128xi1>, vector<128x128xf32>
    %16 = vector.multi_reduction <add>, %15, %cst_2 [1] : vector<128x128xf32> to vector<128xf32>
    %17 = arith.addf %16, %cst_2 : vector<128xf32>
    %18 = vector.shape_cast %17 : vector<128xf32> to vector<128x1xf32>
    %19 = vector.broadcast %18 : vector<128x1xf32> to vector<128x128xf32>
    %20 = vector.load %arg2[%c0] : memref<128xf32, #tpu.memory_space<vmem>>, vector<128xf32>
    %21 = arith.cmpi slt, %11, %cst_1 : vector<128xi32>
    %22 = arith.select %21, %20, %cst_2 : vector<128xi1>, vector<128xf32>
    %23 = vector.shape_cast %22 : vector<128xf32> to vector<1x128xf32>
    %24 = vector.broadcast %23 : vector<1x128xf32> to vector<128x128xf32>
    %25 = arith.divf %19, %cst_0 : vector<128x128xf32>
    %26 = arith.addf %25, %cst : vector<128x128xf32>
    %27 = math.rsqrt %26 : vector<128x128xf32>
    %28 = arith.mulf %9, %27 : vector<128x128xf32>
    %29 = arith.mulf %28, %24 : vector<128x128xf32>
    tpu.vector_store %arg3[%c0, %c0], %29 {strides = array<i32>} : memref<128x128xf32, #tpu.memory_space<vmem>>, vector<128x128xf32>, 
    return
  }
  func.func @transform_0(%arg0: i32) -> (i32, i32) {
    %c0_i32 = arith.constant 0 : i32
    return %arg0, %c0_i32 : i32, i32
  }
  func.func @transform_1(%arg0: i32) -> i32 {
    %c0_i32 = arith.constant 0 : i32
    return %c0_i32 : i32
  }
  func.func @transform_2(%arg0: i32) -> (i32, i32) {
    %c0_i32 = arith.constant 0 : i32
    return %arg0, %c0_i32 : i32, i32
  }
}

