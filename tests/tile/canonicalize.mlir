// RUN: strata-opt --canonicalize %s | FileCheck %s
// NO-DIFF: tile is Strata's own dialect.

// CHECK-LABEL: tile.func @folds
tile.func @folds(%m: memref<?x?xf32>, %s: f32) grid [parallel] {
  %V = tile.view %m : memref<?x?xf32> -> !tile.view<?x?xf32>
  %c0 = arith.constant 0 : index
  %x = tile.load %V[%c0, %c0] pad zero : !tile.view<?x?xf32> -> tensor<4x8xf32>
  // A splat of a constant is a constant; shapes of it too.
  // CHECK-DAG: %[[C:.*]] = arith.constant dense<2.500000e+00> : tensor<4x8xf32>
  %two = arith.constant 2.5 : f32
  %c = tile.splat %two : f32 -> tensor<8xf32>
  %ce = tile.expand_dims %c dim 0 : tensor<8xf32> -> tensor<1x8xf32>
  %cb = tile.broadcast %ce : tensor<1x8xf32> -> tensor<4x8xf32>
  // The transpose of a transpose is the input.
  %t = tile.transpose %x [1, 0] : tensor<4x8xf32> -> tensor<8x4xf32>
  %tt = tile.transpose %t [1, 0] : tensor<8x4xf32> -> tensor<4x8xf32>
  // CHECK: %[[A:.*]] = arith.addf %[[X:.*]], %[[C]] : tensor<4x8xf32>
  %a = arith.addf %tt, %cb : tensor<4x8xf32>
  // A broadcast of a splat is a splat.
  // CHECK: %[[S:.*]] = tile.splat %arg1 : f32 -> tensor<4x8xf32>
  %sp = tile.splat %s : f32 -> tensor<1x8xf32>
  %sb = tile.broadcast %sp : tensor<1x8xf32> -> tensor<4x8xf32>
  // CHECK: arith.mulf %[[A]], %[[S]]
  %b = arith.mulf %a, %sb : tensor<4x8xf32>
  // Identity casts and broadcasts fold away; a reshape of a reshape is one.
  %i = tile.cast %b : tensor<4x8xf32> -> tensor<4x8xf32>
  %j = tile.broadcast %i : tensor<4x8xf32> -> tensor<4x8xf32>
  // CHECK: %[[R:.*]] = tile.reshape %{{.*}} : tensor<4x8xf32> -> tensor<2x4x4xf32>
  %r1 = tile.reshape %j : tensor<4x8xf32> -> tensor<32xf32>
  %r2 = tile.reshape %r1 : tensor<32xf32> -> tensor<2x16xf32>
  // Two transposes compose into one.
  // CHECK: %[[T:.*]] = tile.transpose %[[R]] [1, 2, 0] : tensor<2x4x4xf32> -> tensor<4x4x2xf32>
  // CHECK: tile.reshape %[[T]] : tensor<4x4x2xf32> -> tensor<4x8xf32>
  %r3 = tile.reshape %r2 : tensor<2x16xf32> -> tensor<2x4x4xf32>
  %p1 = tile.transpose %r3 [1, 0, 2] : tensor<2x4x4xf32> -> tensor<4x2x4xf32>
  %p2 = tile.transpose %p1 [0, 2, 1] : tensor<4x2x4xf32> -> tensor<4x4x2xf32>
  %p3r = tile.reshape %p2 : tensor<4x4x2xf32> -> tensor<4x8xf32>
  tile.store %p3r, %V[%c0, %c0] bounds_check : tensor<4x8xf32>, !tile.view<?x?xf32>
  tile.return
}
