// RUN: strata-opt --tile-to-nvgpu=chip=sm_80 %s | FileCheck %s
// NO-DIFF: tile-to-nvgpu is Strata's own pass.

// A tile kernel that holds gpu and nvgpu operations beside its tile
// operations: tile-to-nvgpu lowers the tile operations and leaves the
// others as they are, an scf.if around a copy included; the workgroup
// allocation becomes a workgroup attribution, which tile.load reads.

// CHECK-LABEL: gpu.func @mixed(
// CHECK-SAME: workgroup(%[[S:.*]] : memref<64xf32, #gpu.address_space<workgroup>>)
// CHECK-NOT: memref.alloca
// CHECK: %[[T:.*]] = gpu.thread_id x
// CHECK: scf.if
// CHECK-NEXT: %[[C:.*]] = nvgpu.device_async_copy %arg0[%{{.*}}], %[[S]][%{{.*}}], 4 : memref<64xf32> to memref<64xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: %[[G:.*]] = nvgpu.device_async_create_group %[[C]]
// CHECK-NEXT: nvgpu.device_async_wait %[[G]]
// CHECK: gpu.barrier
// CHECK: vector.load %[[S]]
// CHECK: gpu.shuffle xor
// CHECK-NOT: tile.
tile.func @mixed(%g: memref<64xf32>, %y: memref<64xf32>) grid [parallel] {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %s = memref.alloca() : memref<64xf32, #gpu.address_space<workgroup>>
  %tid = gpu.thread_id x
  %first = arith.cmpi ult, %tid, %c16 : index
  %off = arith.muli %tid, %c4 : index
  scf.if %first {
    %t = nvgpu.device_async_copy %g[%off], %s[%off], 4 : memref<64xf32> to memref<64xf32, #gpu.address_space<workgroup>>
    %grp = nvgpu.device_async_create_group %t
    nvgpu.device_async_wait %grp
  }
  gpu.barrier
  %v = tile.view %s : memref<64xf32, #gpu.address_space<workgroup>> -> !tile.view<64xf32>
  %x = tile.load %v[%c0] : !tile.view<64xf32> -> tensor<64xf32>
  %x2 = tile.expand_dims %x dim 0 : tensor<64xf32> -> tensor<1x64xf32>
  %r = tile.reduce max %x2 dim 1 : tensor<1x64xf32> -> tensor<1xf32>
  %rb = tile.broadcast %r : tensor<1xf32> -> tensor<64xf32>
  %d = arith.subf %x, %rb : tensor<64xf32>
  %vy = tile.view %y : memref<64xf32> -> !tile.view<64xf32>
  tile.store %d, %vy[%c0] : tensor<64xf32>, !tile.view<64xf32>
  tile.return
}

// A region that a tile flows through is not left alone.
// CHECK-LABEL: gpu.func @plain
tile.func @plain(%y: memref<64xf32>) grid [parallel] {
  %c0 = arith.constant 0 : index
  %s = memref.alloca() : memref<4xf32>
  %vy = tile.view %y : memref<64xf32> -> !tile.view<64xf32>
  %x = tile.load %vy[%c0] : !tile.view<64xf32> -> tensor<64xf32>
  tile.store %x, %vy[%c0] : tensor<64xf32>, !tile.view<64xf32>
  tile.return
}
