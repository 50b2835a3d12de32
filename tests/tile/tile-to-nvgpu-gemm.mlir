// RUN: strata-opt --tile-to-nvgpu=chip=sm_80 %s | FileCheck %s
// NO-DIFF: tile-to-nvgpu is Strata's own pass.

// A GEMM kernel with a bias and relu epilogue, as linalg-to-tile makes
// it (64x64x32 blocks of bf16 into f32), becomes a gpu.func of four warps:
// the k loop is software-pipelined over three stages of swizzled shared
// memory filled by cp.async, each warp loads its fragments with ldmatrix
// and accumulates 2x4 mma.sync m16n8k16 fragments in registers, the
// epilogue runs on those registers and the result is stored as vectors
// of two, element by element at the edges.

// CHECK: module attributes {gpu.container_module}
// CHECK: gpu.module @tile_kernels
// CHECK: gpu.func @gemm_kernel0(%{{.*}}: memref<37x48xbf16>, %{{.*}}: memref<48x40xbf16>, %{{.*}}: memref<40xf32>, %{{.*}}: memref<37x40xf32>) workgroup(%[[SA:.*]] : memref<6144xbf16, #gpu.address_space<workgroup>>, %[[SB:.*]] : memref<6144xbf16, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 128, 1, 1>}
// The prologue: two stages in flight, each group naming its copies.
// CHECK: %[[A0:.*]] = nvgpu.device_async_copy {{.*}}, %[[SA]][{{.*}}], 8, {{.*}} {bypassL1} : memref<37x48xbf16> to memref<6144xbf16, #gpu.address_space<workgroup>>
// CHECK: %[[A1:.*]] = nvgpu.device_async_copy {{.*}}, %[[SA]][{{.*}}], 8, {{.*}} {bypassL1} : memref<37x48xbf16> to memref<6144xbf16, #gpu.address_space<workgroup>>
// CHECK: %[[B0:.*]] = nvgpu.device_async_copy {{.*}}, %[[SB]][{{.*}}], 8, {{.*}} {bypassL1} : memref<48x40xbf16> to memref<6144xbf16, #gpu.address_space<workgroup>>
// CHECK: %[[B1:.*]] = nvgpu.device_async_copy {{.*}}, %[[SB]][{{.*}}], 8, {{.*}} {bypassL1} : memref<48x40xbf16> to memref<6144xbf16, #gpu.address_space<workgroup>>
// CHECK-NEXT: %[[G0:.*]] = nvgpu.device_async_create_group %[[A0]], %[[A1]], %[[B0]], %[[B1]]{{$}}
// CHECK: %[[G1:.*]] = nvgpu.device_async_create_group %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}{{$}}
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %[[TOK:.*]] = %[[G1]]) -> (vector<8x2x2xf32>, index, index, !nvgpu.device.async.token)
// CHECK-NEXT: nvgpu.device_async_wait %[[TOK]] {numGroups = 1 : i32}
// CHECK-NEXT: gpu.barrier
// CHECK: nvgpu.ldmatrix %[[SA]][%{{.*}}] {numTiles = 4 : i32, transpose = false} : memref<6144xbf16, #gpu.address_space<workgroup>> -> vector<4x2xbf16>
// CHECK: nvgpu.ldmatrix %[[SB]][%{{.*}}] {numTiles = 4 : i32, transpose = true} : memref<6144xbf16, #gpu.address_space<workgroup>> -> vector<4x2xbf16>
// CHECK: nvgpu.mma.sync(%{{.*}}, %{{.*}}, %{{.*}}) {mmaShape = [16, 8, 16]} : (vector<4x2xbf16>, vector<2x2xbf16>, vector<2x2xf32>) -> vector<2x2xf32>
// The next stage's copies, then the loop's next stages and token.
// CHECK: %[[C0:.*]] = nvgpu.device_async_copy
// CHECK: %[[C1:.*]] = nvgpu.device_async_copy
// CHECK: %[[C2:.*]] = nvgpu.device_async_copy
// CHECK: %[[C3:.*]] = nvgpu.device_async_copy
// CHECK-NEXT: %[[NEXT:.*]] = nvgpu.device_async_create_group %[[C0]], %[[C1]], %[[C2]], %[[C3]]{{$}}
// CHECK: scf.yield %{{.*}}, %{{.*}}, %{{.*}}, %[[NEXT]] : vector<8x2x2xf32>, index, index, !nvgpu.device.async.token
// The epilogue on the accumulator's registers.
// CHECK: arith.addf %{{.*}}, %{{.*}} : vector<8x2x2xf32>
// CHECK: arith.maximumf %{{.*}}, %{{.*}} : vector<8x2x2xf32>
// CHECK: vector.store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] : memref<37x40xf32>, vector<2xf32>
// CHECK: gpu.return
// CHECK-NOT: tile.
// CHECK: func.func @gemm(
// CHECK: gpu.launch_func  @tile_kernels::@gemm_kernel0 blocks in (%{{.*}}, %{{.*}}, %{{.*}}) threads in (%{{.*}}, %{{.*}}, %{{.*}})  args(

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
