module {
  func.func @attention_kernel0_tpu(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: memref<1xi32, #tpu.memory_space<smem>>, %arg4: memref<1xi32, #tpu.memory_space<smem>>, %arg5: memref<1xi32, #tpu.memory_space<smem>>, %arg6: memref<1xi32, #tpu.memory_space<smem>>, %arg7: memref<1xi32, #tpu.memory_space<smem>>, %arg8: memref<1xi32, #tpu.memory_space<smem>>, %arg9: memref<1x128x256xf32, #tpu.memory_space<vmem>>, %arg10: memref<1x256x256xf32, #tpu.memory_space<vmem>>, %arg11: memref<1x256x256xf32, #tpu.memory_space<vmem>>, %arg12: memref<1x128x256xf32, #tpu.memory_space<vmem>>, %arg13: memref<128xf32, #tpu.memory_space<vmem>>, %arg14: memref<128xf32, #tpu.memory_space<vmem>>, %arg15: memref<128x256xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<parallel>, #tpu.dimension_semantics<parallel>, #tpu.dimension_semantics<arbitrary>], iteration_bounds = array<i64: -9223372036854775808, -9223372036854775808, -9223372036854775808>, scalar_prefetch = 6 : i64, scratch_operands = 3 : i64, tpu.core_type = #tpu.core_type<tc>, window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 1, 128, 256>}, {transform_indices = @transform_1, window_bounds = array<i64: 1, 256, 256>}, {transform_indices = @transform_2, window_bounds = array<i64: 1, 256, 256>}, {transform_indices = @transform_3, window_bounds = array<i64: 1, 128, 256>}]} {
    %cst = arith.constant dense<0xFF800000> : vector<128x256xf32>
    %cst_0 = arith.constant dense<0.294488907> : vector<128x256xf32>
    %cst_1 = arith.constant dense<0.000000e+00> : vector<128x256xf32>
    %cst_2 = arith.constant dense<0.000000e+00> : vector<128xf32>
    %cst_3 = arith.constant dense<0xFF800000> : vector<128xf32>
    %cst_4 = arith.constant dense<0.000000e+00> : vector<1x256x256xf32>
    %cst_5 = arith.constant dense<24> : vector<1x256x256xi32>
    %c255_i32 = arith.constant 255 : i32
    %cst_6 = arith.constant dense<0.000000e+00> : vector<1x128x256xf32>
    %cst_7 = arith.constant dense<24> : vector<1x128x256xi32>
    %c256_i32 = arith.constant 256 : i32
    %c0_i32 = arith.constant 0 : i32
    %c128_i32 = arith.constant 128 : i32
    %c1_i32 = arith.constant 1 : i32
    %c0 = arith.constant 0 : index
    %c256 = arith.constant 256 : index
    %c128 = arith.constant 128 : index
    %0 = arith.index_cast %arg2 : i32 to index
    %1 = arith.index_cast %arg0 : i32 to index
    %2 = vector.load %arg9[%c0, %c0, %c0] : memref<1x128x256xf32, #tpu.memory_space<vmem>>, vector<1x128x256xf32>
    %3 = tpu.iota {dimensions = array<i32: 0>} : vector<1x128x256xi32>
    %4 = vector.broadcast %arg1 : i32 to vector<1x128x256xi32>
    %5 = arith.addi %3, %4 : vector<1x128x256xi32>
    %6 = memref.load %arg3[%c0] : memref<1xi32, #tpu.memory_space<smem>>
    %7 = vector.broadcast %6 : i32 to vector<1x128x256xi32>
    %8 = arith.cmpi slt, %5, %7 : vector<1x128x256xi32>
    %9 = tpu.iota {dimensions = array<i32: 1>} : vector<1x128x256xi32>
    %10 = arith.muli %arg0, %c128_i32 : i32
    %11 = vector.broadcast %10 : i32 to vector<1x128x256xi32>
    %12 = arith.addi %9, %11 : vector<1x128x256xi32>
    %13 = memref.load %arg4[%c0] : memref<1xi32, #tpu.memory_space<smem>>
    %14 = vector.broadcast %13 : i32 to vector<1x128x256xi32>
    %15 = arith.cmpi slt, %12, %14 : vector<1x128x256xi32>
    %16 = arith.andi %8, %15 : vector<1x128x256xi1>
    %17 = tpu.iota {dimensions = array<i32: 2>} : vector<1x128x256xi32>
    %18 = arith.cmpi slt, %17, %cst_7 : vector<1x128x256xi32>
    %19 = arith.andi %16, %18 : vector<1x128x256xi1>
    %20 = arith.select %19, %2, %cst_6 : vector<1x128x256xi1>, vector<1x128x256xf32>
    %21 = vector.shape_cast %20 : vector<1x128x256xf32> to vector<128x256xf32>
    %22 = memref.load %arg5[%c0] : memref<1xi32, #tpu.memory_space<smem>>
    %23 = arith.addi %22, %c255_i32 : i32
    %24 = arith.divsi %23, %c256_i32 : i32
    %25 = arith.index_cast %24 : i32 to index
    %26 = memref.load %arg5[%c0] : memref<1xi32, #tpu.memory_space<smem>>
    %27 = arith.index_cast %26 : i32 to index
    %28 = arith.muli %1, %c128 : index
    %29 = arith.divui %28, %c256 : index
    %30 = arith.divui %27, %c256 : index
    %31 = arith.minui %29, %30 : index
    %32 = arith.addi %28, %c128 : index
    %33 = arith.ceildivui %32, %c256 : index
    %34 = arith.minui %33, %25 : index
    %35 = arith.cmpi eq, %arg2, %c0_i32 : i32
    scf.if %35 {
      tpu.vector_store %arg13[%c0], %cst_3 {strides = array<i32>} : memref<128xf32, #tpu.memory_space<vmem>>, vector<128xf32>, 
      tpu.vector_store %arg14[%c0], %cst_2 {strides = array<i32>} : memref<128xf32, #tpu.memory_space<vmem>>, vector<128xf32>, 
      tpu.vector_store %arg15[%c0, %c0], %cst_1 {strides = array<i32>} : memref<128x256xf32, #tpu.memory_space<vmem>>, vector<128x256xf32>, 
    }
    %36 = arith.cmpi slt, %0, %31 : index
    scf.if %36 {
      %43 = vector.load %arg13[%c0] : memref<128xf32, #tpu.memory_space<vmem>>, vector<128xf32>
      %44 = vector.load %arg14[%c0] : memref<128xf32, #tpu.memory_space<vmem>>, vector<128xf32>
      %45 = vector.load %arg15[%c0, %c0] : memref<128x256xf32, #tpu.memory_space<vmem>>, vector<128x256xf32>
      %46 = vector.load %arg10[%c0, %c0, %c0] : memref<1x256x256xf32, #tpu.memory_space<vmem>>, vector<1x256x256xf32>
      %47 = tpu.iota {dimensions = array<i32: 0>} : vector<1x256x256xi32>
      %48 = vector.broadcast %arg1 : i32 to vector<1x256x256xi32>
      %49 = arith.addi %47, %48 : vector<1x256x256xi32>
      %50 = memref.load %arg6[%c0] : memref<1xi32, #tpu.memory_space<smem>>
      %51 = vector.broadcast %50 : i32 to vector<1x256x256xi32>
      %52 = arith.cmpi slt, %49, %51 : vector<1x256x256xi32>
      %53 = tpu.iota {dimensions = array<i32: 1>} : vector<1x256x256xi32>
      %54 = arith.muli %arg2, %c256_i32 : i32
      %55 = vector.broadcast %54 : i32 to vector<1x256x256xi32>
      %56 = arith.addi %53, %55 : vector<1x256x256xi32>
      %57 = memref.load %arg5[%c0] : memref<1xi32, #tpu.memory_space<smem>>
      %58 = vector.broadcast %57 : i32 to vector<1x256x256xi32>
      %59 = arith.cmpi slt, %56, %58 : vector<1x256x256xi32>
      %60 = arith.andi %52, %59 : vector<1x256x256xi1>
      %61 = tpu.iota {dimensions = array<i32: 2>} : vector<1x256x256xi32>
      %62 = arith.cmpi slt, %61, %cst_5 : vector<1x256x256xi32>
      %63 = arith.andi %60, %62 : vector<1x256x256xi1>
      %64 = arith.select %63, %46, %cst_4 : vector<1x256x256xi1>, vector<1x256x256xf32>
      %65 = vector.shape_cast %64 : vector<1x256x256xf32> to vector<256x256xf32>
      %66 = vector.transpose %65, [1, 0] : vector<256x256xf32> to vector<256x256xf32>
      %67 = tpu.matmul %21, %66, %cst_1 {dimension_numbers = #tpu.dot_dimension_numbers<[1], [0], [0], [1], [0, 0, 1, 1], [], []>, precision = #tpu.contract_precision<fp32>, transpose_lhs_hint = false} : vector<128x256xf32>, vector<256x256xf32>, vector<128x256xf32> -> vector<128x256xf32>
      %68 = arith.mulf %67, %cst_0 : vector<128x256xf32>
      %69 = vector.multi_reduction <maximumf>, %68, %cst_3 [1] : vector<128x256xf32> to vector<128xf32>
      %70 = arith.maximumf %43, %69 : vector<128xf32>
      %71 = vector.shape_cast %70 : vector<128xf32> to vector<128x1xf32>
      %72 = vector.broadcast %71 : vector<128x1xf32> to vector<128x256xf32>
      %73 = arith.subf %68, %72 : vector<128x256xf32>
      %74 = math.exp2 %73 : vector<128x256xf32>
      %75 = vector.multi_reduction <add>, %74, %cst_2 [1] : vector<128x256xf32> to vector<128xf32>
      %76 = arith.subf %43, %70 : vector<128xf32>
      %77 = math.exp2 %76 : vector<128xf32>
      %78 = arith.mulf %44, %77 : vector<128xf32>
      %79 = arith.addf %78, %75 : vector<128xf32>
      %80 = vector.shape_cast %77 : vector<128xf32> to vector<128x1xf32>
      %81 = vector.broadcast %80 : vector<128x1xf32> to vector<128x256xf32>
      %82 = arith.mulf %45, %81 : vector<128x256xf32>
      %83 = vector.load %arg11[%c0, %c0, %c0] : memref<1x256x256xf32, #tpu.memory_space<vmem>>, vector<1x256x256xf32>
      %84 = memref.load %arg7[%c0] : memref<1xi32, #tpu.memory_space<smem>>
      %85 = vector.broadcast %84 : i32 to vector<1x256x256xi32>
      %86 = arith.cmpi slt, %49, %85 : vector<1x256x256xi32>
      %87 = memref.load %arg8[%c0] : memref<1xi32, #tpu.memory_space<smem>>
      %88 = vector.broadcast %87 : i32 to vector<1x256x256xi32>
      %89 = arith.cmpi slt, %56, %88 : vector<1x256x256xi32>
      %90 = arith.andi %86, %89 : vector<1x256x256xi1>
      %91 = arith.andi %90, %62 : vector<1x256x256xi1>
      %92 = arith.select %91, %83, %cst_4 : vector<1x256x256xi1>, vector<1x256x256xf32>
      %93 = vector.shape_cast %92 : vector<1x256x256xf32> to vector<256x256xf32>
      %94 = tpu.matmul %74, %93, %82 {dimension_numbers = #tpu.dot_dimension_numbers<[1], [0], [0], [1], [0, 0, 1, 1], [], []>, precision = #tpu.contract_precision<fp32>, transpose_lhs_hint = false} : vector<128x256xf32>, vector<256x256xf32>, vector<128x256xf32> -> vector<128x256xf32>
      tpu.vector_store %arg13[%c0], %70 {strides = array<i32>} : memref<128xf32, #tpu.memory_space<vmem>>, vector<128xf32>, 
      tpu.vector_store %arg14[%c0], %79 {strides = array<i32>} : memref<128xf32, #tpu.memory_space<vmem>>, vector<128xf32>, 
      tpu.vector_store %arg15[%c0, %c0], %94 {strides = array<i32>} : memref<128x256xf32, #tpu.memory_space<vmem>>, vector<128x256xf32>, 
    }
    %37 = arith.cmpi sge, %0, %31 : index
    %38 = arith.cmpi slt, %0, %34 : index
    %39 = arith.andi %37, %38 : i1
    scf.if %39 {
      %43 = vector.load %arg13[%c0] : memref<128xf32, #tpu.memory_space<vmem>>, vector<128xf32>
      %44 = vector.load %arg14[%c0] : memref<128xf32, #tpu.memory_space<vmem>>, vector<128xf32>
      %45 = vector.load %arg15[%c0, %c0] : memref<128x256xf32, #tpu.memory_space<vmem>>, vector<128x256xf32>
      %46 = vector.load %arg10[%c0, %c0, %c0] : memref<1x256x256xf32, #tpu.memory_space<vmem>>, vector<1x256x256xf32>
      %47 = tpu.iota {dimensions = array<i32: 0>} : vector<1x256x256xi32>
      %48 = vector.broadcast %arg1 : i32 to vector<1x256x256xi32>
      %49 = arith.addi %47, %48 : vector<1x256x256xi32>
      %50 = memref.load %arg6[%c0] : memref<1xi32, #tpu.memory_space<smem>>
      %51 = vector.broadcast %50 : i32 to vector<1x256x256xi32>
      %52 = arith.cmpi slt, %49, %51 : vector<1x256x256xi32>
      %53 = tpu.iota {dimensions = array<i32: 1>} : vector<1x256x256xi32>
      %54 = arith.muli %arg2, %c256_i32 : i32
      %55 = vector.broadcast %54 : i32 to vector<1x256x256xi32>
      %56 = arith.addi %53, %55 : vector<1x256x256xi32>
      %57 = memref.load %arg5[%c0] : memref<1xi32, #tpu.memory_space<smem>>
      %58 = vector.broadcast %57 : i32 to vector<1x256x256xi32>
      %59 = arith.cmpi slt, %56, %58 : vector<1x256x256xi32>
      %60 = arith.andi %52, %59 : vector<1x256x256xi1>
      %61 = tpu.iota {dimensions = array<i32: 2>} : vector<1x256x256xi32>
      %62 = arith.cmpi slt, %61, %cst_5 : vector<1x256x256xi32>
      %63 = arith.andi %60, %62 : vector<1x256x256xi1>
      %64 = arith.select %63, %46, %cst_4 : vector<1x256x256xi1>, vector<1x256x256xf32>
      %65 = vector.shape_cast %64 : vector<1x256x256xf32> to vector<256x256xf32>
      %66 = vector.transpose %65, [1, 0] : vector<256x256xf32> to vector<256x256xf32>
      %67 = tpu.matmul %21, %66, %cst_1 {dimension_numbers = #tpu.dot_dimension_numbers<[1], [0], [0], [1], [0, 0, 1, 1], [], []>, precision = #tpu.contract_precision<fp32>, transpose_lhs_hint = false} : vector<128x256xf32>, vector<256x256xf32>, vector<128x256xf32> -> vector<128x256xf32>
      %68 = arith.mulf %67, %cst_0 : vector<128x256xf32>
      %69 = arith.muli %0, %c256 : index
      %70 = tpu.iota {dimensions = array<i32: 0>} : vector<256xi32>
      %71 = arith.index_cast %69 : index to i32
      %72 = vector.broadcast %71 : i32 to vector<256xi32>
      %73 = arith.addi %70, %72 : vector<256xi32>
      %74 = vector.shape_cast %73 : vector<256xi32> to vector<1x256xi32>
      %75 = vector.broadcast %74 : vector<1x256xi32> to vector<128x256xi32>
      %76 = vector.broadcast %26 : i32 to vector<128x256xi32>
      %77 = arith.cmpi slt, %75, %76 : vector<128x256xi32>
      %78 = arith.select %77, %68, %cst : vector<128x256xi1>, vector<128x256xf32>
      %79 = tpu.iota {dimensions = array<i32: 0>} : vector<128xi32>
      %80 = arith.index_cast %28 : index to i32
      %81 = vector.broadcast %80 : i32 to vector<128xi32>
      %82 = arith.addi %79, %81 : vector<128xi32>
      %83 = vector.shape_cast %82 : vector<128xi32> to vector<128x1xi32>
      %84 = vector.broadcast %83 : vector<128x1xi32> to vector<128x256xi32>
      %85 = arith.cmpi ule, %75, %84 : vector<128x256xi32>
      %86 = arith.select %85, %78, %cst : vector<128x256xi1>, vector<128x256xf32>
      %87 = vector.multi_reduction <maximumf>, %86, %cst_3 [1] : vector<128x256xf32> to vector<128xf32>
      %88 = arith.maximumf %43, %87 : vector<128xf32>
      %89 = vector.shape_cast %88 : vector<128xf32> to vector<128x1xf32>
      %90 = vector.broadcast %89 : vector<128x1xf32> to vector<128x256xf32>
      %91 = arith.subf %86, %90 : vector<128x256xf32>
      %92 = math.exp2 %91 : vector<128x256xf32>
      %93 = vector.multi_reduction <add>, %92, %cst_2 [1] : vector<128x256xf32> to vector<128xf32>
      %94 = arith.subf %43, %88 : vector<128xf32>
      %95 = math.exp2 %94 : vector<128xf32>
      %96 = arith.mulf %44, %95 : vector<128xf32>
      %97 = arith.addf %96, %93 : vector<128xf32>
      %98 = vector.shape_cast %95 : vector<128xf32> to vector<128x1xf32>
      %99 = vector.broadcast %98 : vector<128x1xf32> to vector<128x256xf32>
      %100 = arith.mulf %45, %99 : vector<128x256xf32>
      %101 = vector.load %arg11[%c0, %c0, %c0] : memref<1x256x256xf32, #tpu.memory_space<vmem>>, vector<1x256x256xf32>
      %102 = memref.load %arg7[%c0] : memref<1xi32, #tpu.memory_space<smem>>
      %103 = vector.broadcast %102 : i32 to vector<1x256x256xi32>
      %104 = arith.cmpi slt, %49, %103 : vector<1x256x256xi32>
      %105 = memref.load %arg8[%c0] : memref<1xi32, #tpu.memory_space<smem>>
      %106 = vector.broadcast %105 : i32 to vector<1x256x256xi32>
      %107 = arith.cmpi slt, %56, %106 : vector<1x256x256xi32>
      %108 = arith.andi %104, %107 : vector<1x256x256xi1>
      %109 = arith.andi %108, %62 : vector<1x256x256xi1>
      %110 = arith.select %109, %101, %cst_4 : vector<1x256x256xi1>, vector<1x256x256xf32>
      %111 = vector.shape_cast %110 : vector<1x256x256xf32> to vector<256x256xf32>
      %112 = tpu.matmul %92, %111, %100 {dimension_numbers = #tpu.dot_dimension_numbers<[1], [0], [0], [1], [0, 0, 1, 1], [], []>, precision = #tpu.contract_precision<fp32>, transpose_lhs_hint = false} : vector<128x256xf32>, vector<256x256xf32>, vector<128x256xf32> -> vector<128x256xf32>
      tpu.vector_store %arg13[%c0], %88 {strides = array<i32>} : memref<128xf32, #tpu.memory_space<vmem>>, vector<128xf32>, 
      tpu.vector_store %arg14[%c0], %97 {strides = array<i32>} : memref<128xf32, #tpu.memory_space<vmem>>, vector<128xf32>, 
      tpu.vector_store %arg15[%c0, %c0], %112 {strides = array<i32>} : memref<128x256xf32, #tpu.memory_space<vmem>>, vector<128x256xf32>, 
    }
    %40 = tpu.iteration_bound 2 : i32
    %41 = arith.subi %40, %c1_i32 : i32
    %42 = arith.cmpi eq, %arg2, %41 : i32
    scf.if %42 {
      %43 = vector.load %arg14[%c0] : memref<128xf32, #tpu.memory_space<vmem>>, vector<128xf32>
      %44 = vector.load %arg15[%c0, %c0] : memref<128x256xf32, #tpu.memory_space<vmem>>, vector<128x256xf32>
      %45 = vector.shape_cast %43 : vector<128xf32> to vector<128x1xf32>
      %46 = vector.broadcast %45 : vector<128x1xf32> to vector<128x256xf32>
      %47 = arith.divf %44, %46 : vector<128x256xf32>
      %48 = vector.shape_cast %47 : vector<128x256xf32> to vector<1x128x256xf32>
      tpu.vector_store %arg12[%c0, %c0, %c0], %48 {strides = array<i32>} : memref<1x128x256xf32, #tpu.memory_space<vmem>>, vector<1x128x256xf32>, 
    }
    return
  }
  func.func @transform_0(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: memref<1xi32, #tpu.memory_space<smem>>, %arg4: memref<1xi32, #tpu.memory_space<smem>>, %arg5: memref<1xi32, #tpu.memory_space<smem>>, %arg6: memref<1xi32, #tpu.memory_space<smem>>, %arg7: memref<1xi32, #tpu.memory_space<smem>>, %arg8: memref<1xi32, #tpu.memory_space<smem>>) -> (i32, i32, i32) {
    %c0_i32 = arith.constant 0 : i32
    return %arg1, %arg0, %c0_i32 : i32, i32, i32
  }
  func.func @transform_1(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: memref<1xi32, #tpu.memory_space<smem>>, %arg4: memref<1xi32, #tpu.memory_space<smem>>, %arg5: memref<1xi32, #tpu.memory_space<smem>>, %arg6: memref<1xi32, #tpu.memory_space<smem>>, %arg7: memref<1xi32, #tpu.memory_space<smem>>, %arg8: memref<1xi32, #tpu.memory_space<smem>>) -> (i32, i32, i32) {
    %c383_i32 = arith.constant 383 : i32
    %c0_i32 = arith.constant 0 : i32
    %c255_i32 = arith.constant 255 : i32
    %c0 = arith.constant 0 : index
    %c1_i32 = arith.constant 1 : i32
    %c256_i32 = arith.constant 256 : i32
    %c128_i32 = arith.constant 128 : i32
    %0 = arith.muli %arg0, %c128_i32 : i32
    %1 = arith.addi %0, %c383_i32 : i32
    %2 = arith.divsi %1, %c256_i32 : i32
    %3 = memref.load %arg5[%c0] : memref<1xi32, #tpu.memory_space<smem>>
    %4 = arith.addi %3, %c255_i32 : i32
    %5 = arith.divsi %4, %c256_i32 : i32
    %6 = arith.minsi %2, %5 : i32
    %7 = arith.subi %6, %c1_i32 : i32
    %8 = arith.maxsi %7, %c0_i32 : i32
    %9 = arith.minsi %arg2, %8 : i32
    return %arg1, %9, %c0_i32 : i32, i32, i32
  }
  func.func @transform_2(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: memref<1xi32, #tpu.memory_space<smem>>, %arg4: memref<1xi32, #tpu.memory_space<smem>>, %arg5: memref<1xi32, #tpu.memory_space<smem>>, %arg6: memref<1xi32, #tpu.memory_space<smem>>, %arg7: memref<1xi32, #tpu.memory_space<smem>>, %arg8: memref<1xi32, #tpu.memory_space<smem>>) -> (i32, i32, i32) {
    %c383_i32 = arith.constant 383 : i32
    %c0_i32 = arith.constant 0 : i32
    %c255_i32 = arith.constant 255 : i32
    %c0 = arith.constant 0 : index
    %c1_i32 = arith.constant 1 : i32
    %c256_i32 = arith.constant 256 : i32
    %c128_i32 = arith.constant 128 : i32
    %0 = arith.muli %arg0, %c128_i32 : i32
    %1 = arith.addi %0, %c383_i32 : i32
    %2 = arith.divsi %1, %c256_i32 : i32
    %3 = memref.load %arg5[%c0] : memref<1xi32, #tpu.memory_space<smem>>
    %4 = arith.addi %3, %c255_i32 : i32
    %5 = arith.divsi %4, %c256_i32 : i32
    %6 = arith.minsi %2, %5 : i32
    %7 = arith.subi %6, %c1_i32 : i32
    %8 = arith.maxsi %7, %c0_i32 : i32
    %9 = arith.minsi %arg2, %8 : i32
    return %arg1, %9, %c0_i32 : i32, i32, i32
  }
  func.func @transform_3(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: memref<1xi32, #tpu.memory_space<smem>>, %arg4: memref<1xi32, #tpu.memory_space<smem>>, %arg5: memref<1xi32, #tpu.memory_space<smem>>, %arg6: memref<1xi32, #tpu.memory_space<smem>>, %arg7: memref<1xi32, #tpu.memory_space<smem>>, %arg8: memref<1xi32, #tpu.memory_space<smem>>) -> (i32, i32, i32) {
    %c0_i32 = arith.constant 0 : i32
    return %arg1, %arg0, %c0_i32 : i32, i32, i32
  }
}

// -----
module {
  func.func @fill_kernel0_tpu(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: memref<1xf32, #tpu.memory_space<smem>>, %arg4: memref<1x128x128xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<parallel>, #tpu.dimension_semantics<parallel>, #tpu.dimension_semantics<parallel>], iteration_bounds = array<i64: -9223372036854775808, -9223372036854775808, 1>, scalar_prefetch = 0 : i64, scratch_operands = 0 : i64, tpu.core_type = #tpu.core_type<tc>, window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 1>}, {transform_indices = @transform_1, window_bounds = array<i64: 1, 128, 128>}]} {
    %cst = arith.constant dense<1.000000e-01> : vector<1x128x128xf32>
    %cst_0 = arith.constant dense<29> : vector<1x128x128xi32>
    %cst_1 = arith.constant dense<7> : vector<1x128x128xi32>
    %cst_2 = arith.constant dense<24> : vector<1x128x128xi32>
    %c128 = arith.constant 128 : index
    %c0 = arith.constant 0 : index
    %0 = arith.index_cast %arg2 : i32 to index
    %1 = arith.index_cast %arg1 : i32 to index
    %2 = memref.load %arg3[%c0] : memref<1xf32, #tpu.memory_space<smem>>
    %3 = tpu.iota {dimensions = array<i32: 0>} : vector<1xi32>
    %4 = vector.broadcast %arg0 : i32 to vector<1xi32>
    %5 = arith.addi %3, %4 : vector<1xi32>
    %6 = vector.shape_cast %5 : vector<1xi32> to vector<1x1x1xi32>
    %7 = vector.broadcast %6 : vector<1x1x1xi32> to vector<1x128x128xi32>
    %8 = tpu.iota {dimensions = array<i32: 0>} : vector<128xi32>
    %9 = arith.muli %1, %c128 : index
    %10 = arith.index_cast %9 : index to i32
    %11 = vector.broadcast %10 : i32 to vector<128xi32>
    %12 = arith.addi %8, %11 : vector<128xi32>
    %13 = vector.shape_cast %12 : vector<128xi32> to vector<1x128x1xi32>
    %14 = vector.broadcast %13 : vector<1x128x1xi32> to vector<1x128x128xi32>
    %15 = arith.muli %0, %c128 : index
    %16 = arith.index_cast %15 : index to i32
    %17 = vector.broadcast %16 : i32 to vector<128xi32>
    %18 = arith.addi %8, %17 : vector<128xi32>
    %19 = vector.shape_cast %18 : vector<128xi32> to vector<1x1x128xi32>
    %20 = vector.broadcast %19 : vector<1x1x128xi32> to vector<1x128x128xi32>
    %21 = arith.muli %14, %cst_2 : vector<1x128x128xi32>
    %22 = arith.muli %7, %cst_1 : vector<1x128x128xi32>
    %23 = arith.addi %21, %22 : vector<1x128x128xi32>
    %24 = arith.addi %23, %20 : vector<1x128x128xi32>
    %25 = arith.remui %24, %cst_0 : vector<1x128x128xi32>
    %26 = arith.sitofp %25 : vector<1x128x128xi32> to vector<1x128x128xf32>
    %27 = vector.broadcast %2 : f32 to vector<1x128x128xf32>
    %28 = arith.mulf %26, %27 : vector<1x128x128xf32>
    %29 = math.sin %28 : vector<1x128x128xf32>
    %30 = arith.sitofp %7 : vector<1x128x128xi32> to vector<1x128x128xf32>
    %31 = arith.mulf %30, %cst : vector<1x128x128xf32>
    %32 = arith.addf %29, %31 : vector<1x128x128xf32>
    tpu.vector_store %arg4[%c0, %c0, %c0], %32 {strides = array<i32>} : memref<1x128x128xf32, #tpu.memory_space<vmem>>, vector<1x128x128xf32>, 
    return
  }
  func.func @transform_0(%arg0: i32, %arg1: i32, %arg2: i32) -> i32 {
    %c0_i32 = arith.constant 0 : i32
    return %c0_i32 : i32
  }
  func.func @transform_1(%arg0: i32, %arg1: i32, %arg2: i32) -> (i32, i32, i32) {
    return %arg0, %arg1, %arg2 : i32, i32, i32
  }
}

