// RUN: strata-opt --tile-to-amdgpu=chip=gfx942 %s | FileCheck %s
// NO-DIFF: tile-to-amdgpu is Strata's own pass.

// A GEMM kernel with a bias and relu epilogue, as linalg-to-tile makes
// it (64x64x32 blocks of bf16 into f32), becomes a gpu.func of four
// 64-lane waves for gfx942: the k loop is double-buffered over two stages
// of swizzled LDS per operand, filled from buffer loads (16-byte vectors,
// element by element at the ragged edges) and stored in the units of the
// staging the bank model chooses (8 bytes: the width of the fragment
// reads); each wave reads its A and B
// fragments as vectors of four and accumulates one 32x32 fragment with
// amdgpu.mfma 32x32x8; the epilogue runs on the accumulator's registers.

// CHECK: module attributes {gpu.container_module}
// CHECK: gpu.module @tile_kernels [#rocdl.target<chip = "gfx942">]
// CHECK: gpu.func @gemm_kernel0(%{{.*}}: memref<37x48xbf16>, %{{.*}}: memref<48x40xbf16>, %{{.*}}: memref<40xf32>, %{{.*}}: memref<37x40xf32>) workgroup(%[[SA:[a-z0-9_]+]] : memref<4096xbf16, #gpu.address_space<workgroup>>, %[[SB:[a-z0-9_]+]] : memref<4096xbf16, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 256, 1, 1>}
// The prologue: the first blocks in stage 0.
// CHECK: amdgpu.raw_buffer_load %{{.*}}[%{{.*}}, %{{.*}}] : memref<37x48xbf16>, i32, i32 -> vector<8xbf16>
// CHECK: amdgpu.raw_buffer_load %{{.*}}[%{{.*}}, %{{.*}}] : memref<37x48xbf16>, i32, i32 -> bf16
// CHECK: amdgpu.raw_buffer_load %{{.*}}[%{{.*}}, %{{.*}}] : memref<48x40xbf16>, i32, i32 -> vector<8xbf16>
// CHECK: vector.shape_cast %{{.*}} : vector<1x8xbf16> to vector<1x2x4xbf16>
// CHECK: vector.store %{{.*}}, %[[SA]][%{{.*}}] : memref<4096xbf16, #gpu.address_space<workgroup>>, vector<4xbf16>
// CHECK: vector.store %{{.*}}, %[[SA]][%{{.*}}] : memref<4096xbf16, #gpu.address_space<workgroup>>, vector<4xbf16>
// CHECK: memref.store %{{.*}}, %[[SB]][%{{.*}}] : memref<4096xbf16, #gpu.address_space<workgroup>>
// CHECK: gpu.barrier
// CHECK: scf.for %[[K:[a-z0-9_]+]] = %{{.*}} to %{{.*}} step %[[STEP:[a-z0-9_]+]] iter_args(%[[ACC:[a-z0-9_]+]] = %{{.*}}, %[[STAGE:[a-z0-9_]+]] = %{{.*}}) -> (vector<1x16xf32>, index) {
// The next iteration's loads, before the products.
// CHECK: %[[NEXT:[a-z0-9_]+]] = arith.addi %[[K]], %[[STEP]] : index
// CHECK: amdgpu.raw_buffer_load %{{.*}}[%{{.*}}, %{{.*}}] : memref<37x48xbf16>, i32, i32 -> vector<8xbf16>
// CHECK: amdgpu.raw_buffer_load %{{.*}}[%{{.*}}, %{{.*}}] : memref<48x40xbf16>, i32, i32 -> vector<8xbf16>
// The products on the current stage: four k steps of 32x32x8.
// CHECK: %[[A:[a-z0-9_]+]] = vector.load %[[SA]][%{{.*}}] : memref<4096xbf16, #gpu.address_space<workgroup>>, vector<4xbf16>
// CHECK: %[[B:[a-z0-9_]+]] = vector.load %[[SB]][%{{.*}}] : memref<4096xbf16, #gpu.address_space<workgroup>>, vector<4xbf16>
// CHECK: %[[C:[a-z0-9_]+]] = vector.extract %[[ACC]][0] : vector<16xf32> from vector<1x16xf32>
// CHECK: amdgpu.mfma 32x32x8 %[[A]] * %[[B]] + %[[C]] blgp =  none : vector<4xbf16>, vector<4xbf16>, vector<16xf32>
// CHECK: amdgpu.mfma 32x32x8
// CHECK: amdgpu.mfma 32x32x8
// CHECK: %[[D:[a-z0-9_]+]] = amdgpu.mfma 32x32x8
// CHECK: %[[ACC2:[a-z0-9_]+]] = vector.insert %[[D]], %{{.*}} [0] : vector<16xf32> into vector<1x16xf32>
// The prefetched blocks go to the other stage.
// CHECK: %[[OTHER:[a-z0-9_]+]] = arith.subi %{{.*}}, %[[STAGE]] : index
// CHECK: vector.store %{{.*}}, %[[SA]][%{{.*}}] : memref<4096xbf16, #gpu.address_space<workgroup>>, vector<4xbf16>
// CHECK: gpu.barrier
// CHECK-NEXT: scf.yield %[[ACC2]], %[[OTHER]] : vector<1x16xf32>, index
// The epilogue on the accumulator's registers.
// CHECK: arith.addf %{{.*}}, %{{.*}} : vector<1x16xf32>
// CHECK: arith.maximumf %{{.*}}, %{{.*}} : vector<1x16xf32>
// CHECK: memref.store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] : memref<37x40xf32>
// CHECK: gpu.return
// CHECK-NOT: tile.
// CHECK: func.func @gemm(
// CHECK: gpu.launch_func  @tile_kernels::@gemm_kernel0 blocks in (%{{.*}}, %{{.*}}, %{{.*}}) threads in (%c256, %{{.*}}, %{{.*}})  args(

module {
  tile.func @gemm_kernel0(%arg0: memref<37x48xbf16>, %arg1: memref<48x40xbf16>, %arg2: memref<40xf32>, %arg3: memref<37x40xf32>) grid [parallel, parallel] {
    %0 = tile.program_id 0 : index
    %1 = tile.program_id 1 : index
    %cst = arith.constant 0.000000e+00 : f32
    %2 = tile.view %arg0 : memref<37x48xbf16> -> !tile.view<37x48xbf16>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %3 = tile.view %arg1 : memref<48x40xbf16> -> !tile.view<48x40xbf16>
    %4 = tile.view %arg2 : memref<40xf32> -> !tile.view<40xf32>
    %5 = tile.view %arg3 : memref<37x40xf32> -> !tile.view<37x40xf32>
    %6 = tile.splat %cst : f32 -> tensor<64x64xf32>
    %7 = tile.num_blocks %2 dim 1 block 32 : !tile.view<37x48xbf16>
    %8 = scf.for %arg4 = %c0 to %7 step %c1 iter_args(%arg5 = %6) -> (tensor<64x64xf32>) {
      %15 = tile.load %2[%0, %arg4] pad zero : !tile.view<37x48xbf16> -> tensor<64x32xbf16>
      %16 = tile.load %3[%arg4, %1] pad zero : !tile.view<48x40xbf16> -> tensor<32x64xbf16>
      %17 = tile.dot %15, %16, %arg5 : tensor<64x32xbf16>, tensor<32x64xbf16> -> tensor<64x64xf32>
      scf.yield %17 : tensor<64x64xf32>
    }
    %9 = tile.load %4[%1] pad zero : !tile.view<40xf32> -> tensor<64xf32>
    %10 = tile.expand_dims %9 dim 0 : tensor<64xf32> -> tensor<1x64xf32>
    %11 = tile.broadcast %10 : tensor<1x64xf32> -> tensor<64x64xf32>
    %12 = arith.addf %8, %11 : tensor<64x64xf32>
    %13 = tile.splat %cst : f32 -> tensor<64x64xf32>
    %14 = arith.maximumf %12, %13 : tensor<64x64xf32>
    tile.store %14, %5[%0, %1] bounds_check : tensor<64x64xf32>, !tile.view<37x40xf32>
    tile.return
  }
  func.func @gemm(%arg0: tensor<37x48xbf16>, %arg1: tensor<48x40xbf16>, %arg2: tensor<40xf32>) -> tensor<37x40xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<37x40xf32>
    %c37 = arith.constant 37 : index
    %c64 = arith.constant 64 : index
    %1 = arith.ceildivui %c37, %c64 : index
    %c40 = arith.constant 40 : index
    %c64_0 = arith.constant 64 : index
    %2 = arith.ceildivui %c40, %c64_0 : index
    %alloc = memref.alloc() : memref<37x40xf32>
    %3 = bufferization.to_buffer %arg0 read_only : tensor<37x48xbf16> to memref<37x48xbf16>
    %4 = bufferization.to_buffer %arg1 read_only : tensor<48x40xbf16> to memref<48x40xbf16>
    %5 = bufferization.to_buffer %arg2 read_only : tensor<40xf32> to memref<40xf32>
    tile.launch @gemm_kernel0 grid [%1, %2] (%3, %4, %5, %alloc) : memref<37x48xbf16>, memref<48x40xbf16>, memref<40xf32>, memref<37x40xf32>
    %6 = bufferization.to_tensor %alloc restrict writable : memref<37x40xf32> to tensor<37x40xf32>
    return %6 : tensor<37x40xf32>
  }
}
