// Causal grouped-query attention as linalg-to-tile{target=sm_90a tile-sizes=64,64,64}
// makes it of bench.py's attention_source(B=2, H=4, Hkv=2, S=100, D=64, bf16):
// the K and V blocks of query head h are read at head h / 2.
module {
  tile.func @attention_kernel0(%arg0: memref<8x100x64xbf16>, %arg1: memref<4x100x64xbf16>, %arg2: memref<4x100x64xbf16>, %arg3: memref<8x100x64xbf16>) grid [parallel, parallel] {
    %0 = tile.view %arg0 : memref<8x100x64xbf16> -> !tile.view<8x100x64xbf16>
    %1 = tile.view %arg1 : memref<4x100x64xbf16> -> !tile.view<4x100x64xbf16>
    %2 = tile.view %arg2 : memref<4x100x64xbf16> -> !tile.view<4x100x64xbf16>
    %3 = tile.view %arg3 : memref<8x100x64xbf16> -> !tile.view<8x100x64xbf16>
    %4 = tile.program_id 0 : index
    %5 = tile.program_id 1 : index
    %c2 = arith.constant 2 : index
    %cst = arith.constant 0xFF800000 : f32
    %cst_0 = arith.constant 0.000000e+00 : f32
    %cst_1 = arith.constant 0.180336878 : f32
    %c0 = arith.constant 0 : index
    %c100 = arith.constant 100 : index
    %c64 = arith.constant 64 : index
    %c1 = arith.constant 1 : index
    %6 = arith.divui %5, %c2 : index
    %7 = tile.load %0[%5, %4, %c0] pad zero : !tile.view<8x100x64xbf16> -> tensor<1x64x64xbf16>
    %8 = tile.reshape %7 : tensor<1x64x64xbf16> -> tensor<64x64xbf16>
    %9 = tile.splat %cst : f32 -> tensor<64xf32>
    %10 = tile.splat %cst_0 : f32 -> tensor<64xf32>
    %11 = tile.splat %cst_0 : f32 -> tensor<64x64xf32>
    %12 = tile.num_blocks %1 dim 1 block 64 : !tile.view<4x100x64xbf16>
    %13 = arith.muli %4, %c64 : index
    %14 = arith.divui %13, %c64 : index
    %15 = arith.minui %14, %c1 : index
    %16 = arith.addi %13, %c64 : index
    %17 = arith.ceildivui %16, %c64 : index
    %18 = arith.minui %17, %12 : index
    %19:3 = scf.for %arg4 = %c0 to %15 step %c1 iter_args(%arg5 = %9, %arg6 = %10, %arg7 = %11) -> (tensor<64xf32>, tensor<64xf32>, tensor<64x64xf32>) {
      %26 = tile.load %1[%6, %arg4, %c0] pad zero : !tile.view<4x100x64xbf16> -> tensor<1x64x64xbf16>
      %27 = tile.reshape %26 : tensor<1x64x64xbf16> -> tensor<64x64xbf16>
      %28 = tile.transpose %27 [1, 0] : tensor<64x64xbf16> -> tensor<64x64xbf16>
      %29 = tile.splat %cst_0 : f32 -> tensor<64x64xf32>
      %30 = tile.dot %8, %28, %29 : tensor<64x64xbf16>, tensor<64x64xbf16> -> tensor<64x64xf32>
      %31 = tile.splat %cst_1 : f32 -> tensor<64x64xf32>
      %32 = arith.mulf %30, %31 : tensor<64x64xf32>
      %33 = tile.reduce max %32 dim 1 : tensor<64x64xf32> -> tensor<64xf32>
      %34 = arith.maximumf %arg5, %33 : tensor<64xf32>
      %35 = tile.expand_dims %34 dim 1 : tensor<64xf32> -> tensor<64x1xf32>
      %36 = tile.broadcast %35 : tensor<64x1xf32> -> tensor<64x64xf32>
      %37 = arith.subf %32, %36 : tensor<64x64xf32>
      %38 = math.exp2 %37 : tensor<64x64xf32>
      %39 = tile.reduce sum %38 dim 1 : tensor<64x64xf32> -> tensor<64xf32>
      %40 = arith.subf %arg5, %34 : tensor<64xf32>
      %41 = math.exp2 %40 : tensor<64xf32>
      %42 = arith.mulf %arg6, %41 : tensor<64xf32>
      %43 = arith.addf %42, %39 : tensor<64xf32>
      %44 = tile.expand_dims %41 dim 1 : tensor<64xf32> -> tensor<64x1xf32>
      %45 = tile.broadcast %44 : tensor<64x1xf32> -> tensor<64x64xf32>
      %46 = arith.mulf %arg7, %45 : tensor<64x64xf32>
      %47 = tile.cast %38 : tensor<64x64xf32> -> tensor<64x64xbf16>
      %48 = tile.load %2[%6, %arg4, %c0] pad zero : !tile.view<4x100x64xbf16> -> tensor<1x64x64xbf16>
      %49 = tile.reshape %48 : tensor<1x64x64xbf16> -> tensor<64x64xbf16>
      %50 = tile.dot %47, %49, %46 : tensor<64x64xbf16>, tensor<64x64xbf16> -> tensor<64x64xf32>
      scf.yield %34, %43, %50 : tensor<64xf32>, tensor<64xf32>, tensor<64x64xf32>
    }
    %20:3 = scf.for %arg4 = %15 to %18 step %c1 iter_args(%arg5 = %19#0, %arg6 = %19#1, %arg7 = %19#2) -> (tensor<64xf32>, tensor<64xf32>, tensor<64x64xf32>) {
      %26 = tile.load %1[%6, %arg4, %c0] pad zero : !tile.view<4x100x64xbf16> -> tensor<1x64x64xbf16>
      %27 = tile.reshape %26 : tensor<1x64x64xbf16> -> tensor<64x64xbf16>
      %28 = tile.transpose %27 [1, 0] : tensor<64x64xbf16> -> tensor<64x64xbf16>
      %29 = tile.splat %cst_0 : f32 -> tensor<64x64xf32>
      %30 = tile.dot %8, %28, %29 : tensor<64x64xbf16>, tensor<64x64xbf16> -> tensor<64x64xf32>
      %31 = tile.splat %cst_1 : f32 -> tensor<64x64xf32>
      %32 = arith.mulf %30, %31 : tensor<64x64xf32>
      %33 = arith.muli %arg4, %c64 : index
      %34 = tile.iota : tensor<64xindex>
      %35 = tile.splat %33 : index -> tensor<64xindex>
      %36 = arith.addi %34, %35 : tensor<64xindex>
      %37 = tile.expand_dims %36 dim 0 : tensor<64xindex> -> tensor<1x64xindex>
      %38 = tile.broadcast %37 : tensor<1x64xindex> -> tensor<64x64xindex>
      %39 = tile.splat %cst : f32 -> tensor<64x64xf32>
      %40 = tile.splat %c100 : index -> tensor<64x64xindex>
      %41 = arith.cmpi slt, %38, %40 : tensor<64x64xindex>
      %42 = arith.select %41, %32, %39 : tensor<64x64xi1>, tensor<64x64xf32>
      %43 = tile.iota : tensor<64xindex>
      %44 = tile.splat %13 : index -> tensor<64xindex>
      %45 = arith.addi %43, %44 : tensor<64xindex>
      %46 = tile.expand_dims %45 dim 1 : tensor<64xindex> -> tensor<64x1xindex>
      %47 = tile.broadcast %46 : tensor<64x1xindex> -> tensor<64x64xindex>
      %48 = arith.cmpi ule, %38, %47 : tensor<64x64xindex>
      %49 = arith.select %48, %42, %39 : tensor<64x64xi1>, tensor<64x64xf32>
      %50 = tile.reduce max %49 dim 1 : tensor<64x64xf32> -> tensor<64xf32>
      %51 = arith.maximumf %arg5, %50 : tensor<64xf32>
      %52 = tile.expand_dims %51 dim 1 : tensor<64xf32> -> tensor<64x1xf32>
      %53 = tile.broadcast %52 : tensor<64x1xf32> -> tensor<64x64xf32>
      %54 = arith.subf %49, %53 : tensor<64x64xf32>
      %55 = math.exp2 %54 : tensor<64x64xf32>
      %56 = tile.reduce sum %55 dim 1 : tensor<64x64xf32> -> tensor<64xf32>
      %57 = arith.subf %arg5, %51 : tensor<64xf32>
      %58 = math.exp2 %57 : tensor<64xf32>
      %59 = arith.mulf %arg6, %58 : tensor<64xf32>
      %60 = arith.addf %59, %56 : tensor<64xf32>
      %61 = tile.expand_dims %58 dim 1 : tensor<64xf32> -> tensor<64x1xf32>
      %62 = tile.broadcast %61 : tensor<64x1xf32> -> tensor<64x64xf32>
      %63 = arith.mulf %arg7, %62 : tensor<64x64xf32>
      %64 = tile.cast %55 : tensor<64x64xf32> -> tensor<64x64xbf16>
      %65 = tile.load %2[%6, %arg4, %c0] pad zero : !tile.view<4x100x64xbf16> -> tensor<1x64x64xbf16>
      %66 = tile.reshape %65 : tensor<1x64x64xbf16> -> tensor<64x64xbf16>
      %67 = tile.dot %64, %66, %63 : tensor<64x64xbf16>, tensor<64x64xbf16> -> tensor<64x64xf32>
      scf.yield %51, %60, %67 : tensor<64xf32>, tensor<64xf32>, tensor<64x64xf32>
    }
    %21 = tile.expand_dims %20#1 dim 1 : tensor<64xf32> -> tensor<64x1xf32>
    %22 = tile.broadcast %21 : tensor<64x1xf32> -> tensor<64x64xf32>
    %23 = arith.divf %20#2, %22 : tensor<64x64xf32>
    %24 = tile.cast %23 : tensor<64x64xf32> -> tensor<64x64xbf16>
    %25 = tile.reshape %24 : tensor<64x64xbf16> -> tensor<1x64x64xbf16>
    tile.store %25, %3[%5, %4, %c0] bounds_check : tensor<1x64x64xbf16>, !tile.view<8x100x64xbf16>
    tile.return
  }
  func.func @attention(%arg0: tensor<2x4x100x64xbf16>, %arg1: tensor<2x2x100x64xbf16>, %arg2: tensor<2x2x100x64xbf16>) -> tensor<2x4x100x64xbf16> {
    %cst = arith.constant 0xFFC00000 : f32
    %cst_0 = arith.constant 0.000000e+00 : f32
    %cst_1 = arith.constant 0xFF800000 : f32
    %cst_2 = arith.constant 1.250000e-01 : f32
    %0 = tensor.empty() : tensor<2x4x100x100xf32>
    %1 = tensor.empty() : tensor<2x4x100xf32>
    %2 = tensor.empty() : tensor<2x4x100x100xbf16>
    %3 = tensor.empty() : tensor<2x4x100x64xf32>
    %4 = tensor.empty() : tensor<2x4x100x64xbf16>
    %5 = bufferization.to_buffer %arg0 read_only : tensor<2x4x100x64xbf16> to memref<2x4x100x64xbf16>
    %collapse_shape = memref.collapse_shape %5 [[0, 1], [2], [3]] : memref<2x4x100x64xbf16> into memref<8x100x64xbf16>
    %6 = bufferization.to_buffer %arg1 read_only : tensor<2x2x100x64xbf16> to memref<2x2x100x64xbf16>
    %collapse_shape_3 = memref.collapse_shape %6 [[0, 1], [2], [3]] : memref<2x2x100x64xbf16> into memref<4x100x64xbf16>
    %7 = bufferization.to_buffer %arg2 read_only : tensor<2x2x100x64xbf16> to memref<2x2x100x64xbf16>
    %collapse_shape_4 = memref.collapse_shape %7 [[0, 1], [2], [3]] : memref<2x2x100x64xbf16> into memref<4x100x64xbf16>
    %alloc = memref.alloc() : memref<2x4x100x64xbf16>
    %collapse_shape_5 = memref.collapse_shape %alloc [[0, 1], [2], [3]] : memref<2x4x100x64xbf16> into memref<8x100x64xbf16>
    %c100 = arith.constant 100 : index
    %c64 = arith.constant 64 : index
    %8 = arith.ceildivui %c100, %c64 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %9 = arith.muli %c2, %c4 : index
    %c1 = arith.constant 1 : index
    %10 = arith.ceildivui %9, %c1 : index
    tile.launch @attention_kernel0 grid [%8, %10] (%collapse_shape, %collapse_shape_3, %collapse_shape_4, %collapse_shape_5) : memref<8x100x64xbf16>, memref<4x100x64xbf16>, memref<4x100x64xbf16>, memref<8x100x64xbf16>
    %11 = bufferization.to_tensor %alloc restrict writable : memref<2x4x100x64xbf16> to tensor<2x4x100x64xbf16>
    return %11 : tensor<2x4x100x64xbf16>
  }
}

