// The GEMM of gemm_f16.mlir at the tile level (linalg-to-tile with
// 64x64x64 blocks), its epilogue storing the block twice: the sm_90a
// GEMM then stores from the registers rather than through TMA.
module {
  func.func private @printMemrefF32(tensor<*xf32>)
  tile.func @ramp_kernel0(%arg0: index, %arg1: memref<?x?xf16>) grid [parallel, parallel] {
    %0 = tile.program_id 0 : index
    %1 = tile.program_id 1 : index
    %c64 = arith.constant 64 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %2 = tile.view %arg1 : memref<?x?xf16> -> !tile.view<?x?xf16>
    %3 = tile.iota : tensor<64xindex>
    %4 = arith.muli %0, %c64 : index
    %5 = tile.splat %4 : index -> tensor<64xindex>
    %6 = arith.addi %3, %5 : tensor<64xindex>
    %7 = tile.expand_dims %6 dim 1 : tensor<64xindex> -> tensor<64x1xindex>
    %8 = tile.broadcast %7 : tensor<64x1xindex> -> tensor<64x64xindex>
    %9 = tile.iota : tensor<64xindex>
    %10 = arith.muli %1, %c64 : index
    %11 = tile.splat %10 : index -> tensor<64xindex>
    %12 = arith.addi %9, %11 : tensor<64xindex>
    %13 = tile.expand_dims %12 dim 0 : tensor<64xindex> -> tensor<1x64xindex>
    %14 = tile.broadcast %13 : tensor<1x64xindex> -> tensor<64x64xindex>
    %15 = tile.splat %c3 : index -> tensor<64x64xindex>
    %16 = arith.muli %8, %15 : tensor<64x64xindex>
    %17 = tile.splat %c5 : index -> tensor<64x64xindex>
    %18 = arith.muli %14, %17 : tensor<64x64xindex>
    %19 = arith.addi %16, %18 : tensor<64x64xindex>
    %20 = tile.splat %arg0 : index -> tensor<64x64xindex>
    %21 = arith.remui %19, %20 : tensor<64x64xindex>
    %22 = tile.splat %c3 : index -> tensor<64x64xindex>
    %23 = arith.subi %21, %22 : tensor<64x64xindex>
    %24 = arith.index_cast %23 : tensor<64x64xindex> to tensor<64x64xi32>
    %25 = arith.sitofp %24 : tensor<64x64xi32> to tensor<64x64xf16>
    tile.store %25, %2[%0, %1] bounds_check : tensor<64x64xf16>, !tile.view<?x?xf16>
    tile.return
  }
  func.func @ramp(%arg0: tensor<?x?xf16>, %arg1: index) -> tensor<?x?xf16> {
    %c5 = arith.constant 5 : index
    %c3 = arith.constant 3 : index
    %c0 = arith.constant 0 : index
    %dim = tensor.dim %arg0, %c0 : tensor<?x?xf16>
    %c64 = arith.constant 64 : index
    %0 = arith.ceildivui %dim, %c64 : index
    %c1 = arith.constant 1 : index
    %dim_0 = tensor.dim %arg0, %c1 : tensor<?x?xf16>
    %c64_1 = arith.constant 64 : index
    %1 = arith.ceildivui %dim_0, %c64_1 : index
    %c0_2 = arith.constant 0 : index
    %dim_3 = tensor.dim %arg0, %c0_2 : tensor<?x?xf16>
    %c1_4 = arith.constant 1 : index
    %dim_5 = tensor.dim %arg0, %c1_4 : tensor<?x?xf16>
    %alloc = memref.alloc(%dim_3, %dim_5) : memref<?x?xf16>
    tile.launch @ramp_kernel0 grid [%0, %1] (%arg1, %alloc) : index, memref<?x?xf16>
    %2 = bufferization.to_tensor %alloc restrict writable : memref<?x?xf16> to tensor<?x?xf16>
    return %2 : tensor<?x?xf16>
  }
  tile.func @gemm_kernel0(%arg0: memref<37x48xf16>, %arg1: memref<48x40xf16>, %arg2: memref<40xf32>, %arg3: memref<37x40xf32>) grid [parallel, parallel] {
    %0 = tile.program_id 0 : index
    %1 = tile.program_id 1 : index
    %cst = arith.constant 0.000000e+00 : f32
    %2 = tile.view %arg0 : memref<37x48xf16> -> !tile.view<37x48xf16>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %3 = tile.view %arg1 : memref<48x40xf16> -> !tile.view<48x40xf16>
    %4 = tile.view %arg2 : memref<40xf32> -> !tile.view<40xf32>
    %5 = tile.view %arg3 : memref<37x40xf32> -> !tile.view<37x40xf32>
    %6 = tile.splat %cst : f32 -> tensor<64x64xf32>
    %7 = tile.num_blocks %2 dim 1 block 64 : !tile.view<37x48xf16>
    %8 = scf.for %arg4 = %c0 to %7 step %c1 iter_args(%arg5 = %6) -> (tensor<64x64xf32>) {
      %15 = tile.load %2[%0, %arg4] pad zero : !tile.view<37x48xf16> -> tensor<64x64xf16>
      %16 = tile.load %3[%arg4, %1] pad zero : !tile.view<48x40xf16> -> tensor<64x64xf16>
      %17 = tile.dot %15, %16, %arg5 : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
      scf.yield %17 : tensor<64x64xf32>
    }
    %9 = tile.load %4[%1] pad zero : !tile.view<40xf32> -> tensor<64xf32>
    %10 = tile.expand_dims %9 dim 0 : tensor<64xf32> -> tensor<1x64xf32>
    %11 = tile.broadcast %10 : tensor<1x64xf32> -> tensor<64x64xf32>
    %12 = arith.addf %8, %11 : tensor<64x64xf32>
    %13 = tile.splat %cst : f32 -> tensor<64x64xf32>
    %14 = arith.maximumf %12, %13 : tensor<64x64xf32>
    tile.store %14, %5[%0, %1] bounds_check : tensor<64x64xf32>, !tile.view<37x40xf32>
    tile.store %14, %5[%0, %1] bounds_check : tensor<64x64xf32>, !tile.view<37x40xf32>
    tile.return
  }
  func.func @gemm(%arg0: tensor<37x48xf16>, %arg1: tensor<48x40xf16>, %arg2: tensor<40xf32>) -> tensor<37x40xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<37x40xf32>
    %c37 = arith.constant 37 : index
    %c64 = arith.constant 64 : index
    %1 = arith.ceildivui %c37, %c64 : index
    %c40 = arith.constant 40 : index
    %c64_0 = arith.constant 64 : index
    %2 = arith.ceildivui %c40, %c64_0 : index
    %alloc = memref.alloc() : memref<37x40xf32>
    %3 = bufferization.to_buffer %arg0 read_only : tensor<37x48xf16> to memref<37x48xf16>
    %4 = bufferization.to_buffer %arg1 read_only : tensor<48x40xf16> to memref<48x40xf16>
    %5 = bufferization.to_buffer %arg2 read_only : tensor<40xf32> to memref<40xf32>
    tile.launch @gemm_kernel0 grid [%1, %2] (%3, %4, %5, %alloc) : memref<37x48xf16>, memref<48x40xf16>, memref<40xf32>, memref<37x40xf32>
    %6 = bufferization.to_tensor %alloc restrict writable : memref<37x40xf32> to tensor<37x40xf32>
    return %6 : tensor<37x40xf32>
  }
  func.func @main() {
    %cst = arith.constant dense<[5.000000e-01, -1.000000e+00, 2.500000e-01, 2.000000e+00, -5.000000e-01, 0.000000e+00, 1.000000e+00, -2.000000e+00, 7.500000e-01, 1.250000e-01, -2.500000e-01, 1.500000e+00, -1.500000e+00, 0.000000e+00, 5.000000e-01, -7.500000e-01, 3.000000e+00, 5.000000e-01, -1.000000e+00, 2.500000e-01, 2.000000e+00, -5.000000e-01, 0.000000e+00, 1.000000e+00, -2.000000e+00, 7.500000e-01, 1.250000e-01, -2.500000e-01, 1.500000e+00, -1.500000e+00, 0.000000e+00, 5.000000e-01, -7.500000e-01, 3.000000e+00, 1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00]> : tensor<40xf32>
    %c37 = arith.constant 37 : index
    %c40 = arith.constant 40 : index
    %c48 = arith.constant 48 : index
    %c7 = arith.constant 7 : index
    %c5 = arith.constant 5 : index
    %0 = tensor.empty(%c37, %c48) : tensor<?x?xf16>
    %1 = call @ramp(%0, %c7) : (tensor<?x?xf16>, index) -> tensor<?x?xf16>
    %cast = tensor.cast %1 : tensor<?x?xf16> to tensor<37x48xf16>
    %2 = tensor.empty(%c48, %c40) : tensor<?x?xf16>
    %3 = call @ramp(%2, %c5) : (tensor<?x?xf16>, index) -> tensor<?x?xf16>
    %cast_0 = tensor.cast %3 : tensor<?x?xf16> to tensor<48x40xf16>
    %4 = call @gemm(%cast, %cast_0, %cst) : (tensor<37x48xf16>, tensor<48x40xf16>, tensor<40xf32>) -> tensor<37x40xf32>
    %cast_1 = tensor.cast %4 : tensor<37x40xf32> to tensor<*xf32>
    call @printMemrefF32(%cast_1) : (tensor<*xf32>) -> ()
    return
  }
}

