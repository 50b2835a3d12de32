// RUN: strata-opt --tile-to-nvgpu=chip=sm_80 %s | FileCheck %s
// NO-DIFF: tile-to-nvgpu is Strata's own pass.

// A view with an offset, sizes and strides (one row block of a 2-D
// memref, seen as 1-D) is a memref.reinterpret_cast of the memref, static
// sizes and strides kept static; its loads and stores address it with
// the view's indices.

// CHECK-LABEL: gpu.func @offset
// CHECK: %[[V:.*]] = memref.reinterpret_cast %arg0 to offset: [%arg1], sizes: [16], strides: [1] : memref<4x16xf32> to memref<16xf32, strided<[1], offset: ?>>
// CHECK: memref.load %[[V]]
// CHECK: memref.store %{{.*}}, %[[V]]
tile.func @offset(%m: memref<4x16xf32>, %o: index) grid [parallel] {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c1 = arith.constant 1 : index
  %v = tile.view %m offset %o sizes [%c16] strides [%c1] : memref<4x16xf32> -> !tile.view<16xf32>
  %x = tile.load %v[%c0] : !tile.view<16xf32> -> tensor<16xf32>
  tile.store %x, %v[%c0] : tensor<16xf32>, !tile.view<16xf32>
  tile.return
}
