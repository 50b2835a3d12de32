module {
  func.func @softmax_kernel0_tpu(%arg0: i32, %arg1: memref<128x128xf32, #tpu.memory_space<vmem>>, %arg2: memref<128x128xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<parallel>], iteration_bounds = array<i64: 1>, scalar_prefetch = 0 : i64, scratch_operands = 0 : i64, tpu.core_type = #tpu.core_type<tc>, window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 128, 128>}, {transform_indices = @transform_1, window_bounds = array<i64: 128, 128>}]} {
    %cst = arith.constant dense<0xFF800000> : vector<128x128xf32>
    %cst_0 = arith.constant dense<0.000000e+00> : vector<128xf32>
    %cst_1 = arith.constant dense<0xFF800000> : vector<128xf32>
    %cst_2 = arith.constant dense<0.000000e+00> : vector<128x128xf32>
    %cst_3 = arith.constant dense<5> : vector<128x128xi32>
    %cst_4 = arith.constant dense<3> : vector<128x128xi32>
    %c128_i32 = arith.constant 128 : i32
    %c0 = arith.constant 0 : index
    %cst_5 = arith.constant dense<0xFFC00000> : vector<128xf32>
    %0 = vector.load %arg1[%c0, %c0] : memref<128x128xf32, #tpu.memory_space<vmem>>, vector<128x128xf32>
    %1 = tpu.iota {dimensions = array<i32: 0>} : vector<128x128xi32>
    %2 = arith.muli %arg0, %c128_i32 : i32
    %3 = vector.broadcast %2 : i32 to vector<128x128xi32>
    %4 = arith.addi %1, %3 : vector<128x128xi32>
    %5 = arith.cmpi slt, %4, %cst_4 : vector<128x128xi32>
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
    %16 = arith.maxnumf %15, %cst_5 : vector<128xf32>
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

