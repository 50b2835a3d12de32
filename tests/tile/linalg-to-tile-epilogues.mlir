// RUN: strata-opt --linalg-to-tile=target=sm_90a %s | FileCheck %s
// NO-DIFF: linalg-to-tile is Strata's own pass.

// GELU (tanh and erf forms) and SiLU epilogues fuse into the GEMM kernel:
// one kernel per function, the activation on the accumulator after the k
// loop, one store. (transforms/linalgtotile/testdata/epilogues.mlir runs
// them and compares with the program before the pass.)

// CHECK-LABEL: tile.func @gelu_tanh_kernel0
// CHECK: tile.dot
// CHECK: math.tanh %{{.*}} : tensor<64x64xf32>
// CHECK: tile.store
// CHECK-NEXT: tile.return
// CHECK-LABEL: func.func @gelu_tanh
// CHECK-NOT: linalg.
// CHECK: tile.launch @gelu_tanh_kernel0
// CHECK-LABEL: tile.func @gelu_erf_kernel0
// CHECK: tile.dot
// CHECK: math.erf %{{.*}} : tensor<64x64xf32>
// CHECK: tile.store
// CHECK-NEXT: tile.return
// CHECK-LABEL: func.func @gelu_erf
// CHECK-NOT: linalg.
// CHECK: tile.launch @gelu_erf_kernel0
// CHECK-LABEL: tile.func @silu_kernel0
// CHECK: tile.dot
// CHECK: math.exp %{{.*}} : tensor<64x64xf32>
// CHECK: arith.divf %{{.*}}, %{{.*}} : tensor<64x64xf32>
// CHECK: tile.store
// CHECK-NEXT: tile.return
// CHECK-LABEL: func.func @silu
// CHECK-NOT: linalg.
// CHECK: tile.launch @silu_kernel0
// CHECK-NOT: tile.func

#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @gelu_tanh(%a: tensor<45x33xf32>, %b: tensor<33x70xf32>, %bias: tensor<70xf32>) -> tensor<45x70xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<45x70xf32>
  %acc = linalg.fill ins(%z : f32) outs(%e : tensor<45x70xf32>) -> tensor<45x70xf32>
  %p = linalg.matmul ins(%a, %b : tensor<45x33xf32>, tensor<33x70xf32>) outs(%acc : tensor<45x70xf32>) -> tensor<45x70xf32>
  %y = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%p, %bias : tensor<45x70xf32>, tensor<70xf32>) outs(%e : tensor<45x70xf32>) {
  ^bb0(%v: f32, %bv: f32, %out: f32):
    %x = arith.addf %v, %bv : f32
    %half = arith.constant 0.5 : f32
    %one = arith.constant 1.0 : f32
    %k0 = arith.constant 0.7978845608 : f32
    %k1 = arith.constant 0.044715 : f32
    %x2 = arith.mulf %x, %x : f32
    %x3 = arith.mulf %x2, %x : f32
    %t0 = arith.mulf %x3, %k1 : f32
    %t1 = arith.addf %x, %t0 : f32
    %t2 = arith.mulf %t1, %k0 : f32
    %th = math.tanh %t2 : f32
    %t3 = arith.addf %th, %one : f32
    %t4 = arith.mulf %x, %t3 : f32
    %r = arith.mulf %t4, %half : f32
    linalg.yield %r : f32
  } -> tensor<45x70xf32>
  return %y : tensor<45x70xf32>
}
func.func @gelu_erf(%a: tensor<45x33xf32>, %b: tensor<33x70xf32>, %bias: tensor<70xf32>) -> tensor<45x70xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<45x70xf32>
  %acc = linalg.fill ins(%z : f32) outs(%e : tensor<45x70xf32>) -> tensor<45x70xf32>
  %p = linalg.matmul ins(%a, %b : tensor<45x33xf32>, tensor<33x70xf32>) outs(%acc : tensor<45x70xf32>) -> tensor<45x70xf32>
  %y = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%p, %bias : tensor<45x70xf32>, tensor<70xf32>) outs(%e : tensor<45x70xf32>) {
  ^bb0(%v: f32, %bv: f32, %out: f32):
    %x = arith.addf %v, %bv : f32
    %half = arith.constant 0.5 : f32
    %one = arith.constant 1.0 : f32
    %rs2 = arith.constant 0.7071067812 : f32
    %t0 = arith.mulf %x, %rs2 : f32
    %er = math.erf %t0 : f32
    %t1 = arith.addf %er, %one : f32
    %t2 = arith.mulf %x, %t1 : f32
    %r = arith.mulf %t2, %half : f32
    linalg.yield %r : f32
  } -> tensor<45x70xf32>
  return %y : tensor<45x70xf32>
}
func.func @silu(%a: tensor<45x33xf32>, %b: tensor<33x70xf32>) -> tensor<45x70xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<45x70xf32>
  %acc = linalg.fill ins(%z : f32) outs(%e : tensor<45x70xf32>) -> tensor<45x70xf32>
  %p = linalg.matmul ins(%a, %b : tensor<45x33xf32>, tensor<33x70xf32>) outs(%acc : tensor<45x70xf32>) -> tensor<45x70xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%p : tensor<45x70xf32>) outs(%e : tensor<45x70xf32>) {
  ^bb0(%x: f32, %out: f32):
    %one = arith.constant 1.0 : f32
    %n = arith.negf %x : f32
    %ex = math.exp %n : f32
    %d = arith.addf %ex, %one : f32
    %r = arith.divf %x, %d : f32
    linalg.yield %r : f32
  } -> tensor<45x70xf32>
  return %y : tensor<45x70xf32>
}
