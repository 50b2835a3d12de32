// RUN: strata-opt --linalg-to-tile=target=sm_90a %s | FileCheck %s
// NO-DIFF: linalg-to-tile is Strata's own pass.

// linalg.softmax becomes one row kernel: the row block is loaded once,
// max, sub, exp, sum and div stay in registers, and one store writes it.

// CHECK-LABEL: tile.func @softmax_kernel0(%arg0: memref<3x5xf32>, %arg1: memref<3x5xf32>) grid [parallel]
// CHECK: %[[X:.*]] = tile.load %{{.*}}[%{{.*}}, %{{.*}}] pad zero : !tile.view<3x5xf32> -> tensor<16x8xf32>
// CHECK-NOT: tile.load
// CHECK: %[[M:.*]] = tile.reduce max %{{.*}} dim 1 : tensor<16x8xf32> -> tensor<16xf32>
// CHECK: arith.subf %[[X]], %{{.*}} : tensor<16x8xf32>
// CHECK: %[[E:.*]] = math.exp %{{.*}} : tensor<16x8xf32>
// CHECK: tile.reduce sum %{{.*}} dim 1 : tensor<16x8xf32> -> tensor<16xf32>
// CHECK: %[[D:.*]] = arith.divf %[[E]], %{{.*}} : tensor<16x8xf32>
// CHECK-NEXT: tile.store %[[D]], %{{.*}}[%{{.*}}, %{{.*}}] bounds_check : tensor<16x8xf32>, !tile.view<3x5xf32>
// CHECK-NEXT: tile.return
// CHECK-NOT: tile.func
// CHECK-LABEL: func.func @softmax(
// CHECK-NOT: linalg.
// CHECK: tile.launch @softmax_kernel0 grid [%{{.*}}] (%{{.*}}, %{{.*}}) : memref<3x5xf32>, memref<3x5xf32>
// CHECK-NOT: tile.launch

func.func @softmax(%x: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %init = tensor.empty() : tensor<3x5xf32>
  %r = linalg.softmax dimension(1) ins(%x : tensor<3x5xf32>) outs(%init : tensor<3x5xf32>) -> tensor<3x5xf32>
  return %r : tensor<3x5xf32>
}
