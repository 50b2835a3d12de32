// RUN: strata-opt --check-semantics --linalg-to-tile=target=tpu-v5e --tile-to-tpu=chip=tpu-v5e %s | FileCheck %s
// RUN: strata-opt --check-semantics --linalg-to-tile=target=tpu-v6e --tile-to-tpu=chip=tpu-v6e %s | FileCheck %s --check-prefix=V6
// NO-DIFF: tile-to-tpu is Strata's own pass.

// relu(A x B + bias) with ragged M, N and K (20x300 by 300x140): the
// k loop of the tile kernel becomes the trailing arbitrary grid axis (3
// blocks of 128), its accumulator an f32 VMEM scratch ref set under
// k == 0, and the epilogue and the store run under k == 2. Every block
// at the edge is masked, and --check-semantics runs the grid as Mosaic
// does, with garbage past the end of the arrays.

// CHECK-LABEL: func.func @gemm_kernel0_tpu(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: memref<8x128xf32, #tpu.memory_space<vmem>>, %arg4: memref<128x128xf32, #tpu.memory_space<vmem>>, %arg5: memref<128xf32, #tpu.memory_space<vmem>>, %arg6: memref<8x128xf32, #tpu.memory_space<vmem>>, %arg7: memref<8x128xf32, #tpu.memory_space<vmem>>)
// CHECK-SAME: dimension_semantics = [#tpu.dimension_semantics<parallel>, #tpu.dimension_semantics<parallel>, #tpu.dimension_semantics<arbitrary>], iteration_bounds = array<i64: 3, 2, 3>, scalar_prefetch = 0 : i64, scratch_operands = 1 : i64, tpu.core_type = #tpu.core_type<tc>
// CHECK-SAME: window_params = [{transform_indices = @[[TA:.*]], window_bounds = array<i64: 8, 128>}, {transform_indices = @[[TB:.*]], window_bounds = array<i64: 128, 128>}, {transform_indices = @{{.*}}, window_bounds = array<i64: 128>}, {transform_indices = @{{.*}}, window_bounds = array<i64: 8, 128>}]
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %arg2, %{{.*}} : i32
// CHECK-NEXT: scf.if %[[FIRST]] {
// CHECK-NEXT: arith.constant 0 : index
// CHECK-NEXT: tpu.vector_store %arg7
// CHECK: %[[ACC:.*]] = vector.load %arg7
// CHECK: tpu.iota {dimensions = array<i32: 1>} : vector<8x128xi32>
// CHECK: arith.select
// CHECK: %[[D:.*]] = tpu.matmul %{{.*}}, %{{.*}}, %[[ACC]] {dimension_numbers = #tpu.dot_dimension_numbers<[1], [0], [0], [1], [0, 0, 1, 1], [], []>, precision = #tpu.contract_precision<fp32>, transpose_lhs_hint = false} : vector<8x128xf32>, vector<128x128xf32>, vector<8x128xf32> -> vector<8x128xf32>
// CHECK-NEXT: arith.constant 0 : index
// CHECK-NEXT: tpu.vector_store %arg7[%{{.*}}, %{{.*}}], %[[D]] {strides = array<i32>}
// CHECK: %[[LAST:.*]] = arith.cmpi eq, %arg2, %c2_i32 : i32
// CHECK-NEXT: scf.if %[[LAST]] {
// CHECK: arith.maximumf
// CHECK: tpu.vector_store %arg6
// CHECK: func.func @[[TA]](%arg0: i32, %arg1: i32, %arg2: i32) -> (i32, i32) {
// CHECK-NEXT: return %arg0, %arg2 : i32, i32
// CHECK: func.func @[[TB]](%arg0: i32, %arg1: i32, %arg2: i32) -> (i32, i32) {
// CHECK-NEXT: return %arg2, %arg1 : i32, i32
// CHECK-LABEL: func.func @gemm(
// CHECK-NOT: tile.launch
// CHECK: tpu.pallas_call @gemm_kernel0_tpu(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : memref<20x300xf32>, memref<300x140xf32>, memref<140xf32>, memref<20x140xf32>
// CHECK-NOT: tile.func

// On v6e the blocks fill the 256x256 MXU: 2 blocks of k.
// V6-LABEL: func.func @gemm_kernel0_tpu(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: memref<8x256xf32, #tpu.memory_space<vmem>>, %arg4: memref<256x256xf32, #tpu.memory_space<vmem>>, %arg5: memref<256xf32, #tpu.memory_space<vmem>>, %arg6: memref<8x256xf32, #tpu.memory_space<vmem>>, %arg7: memref<8x256xf32, #tpu.memory_space<vmem>>)
// V6-SAME: iteration_bounds = array<i64: 3, 1, 2>
// V6: tpu.matmul {{.*}} : vector<8x256xf32>, vector<256x256xf32>, vector<8x256xf32> -> vector<8x256xf32>
// V6: arith.cmpi eq, %arg2, %c1_i32 : i32

#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>

func.func private @printMemrefF32(tensor<*xf32>)

func.func @gemm(%a: tensor<20x300xf32>, %b: tensor<300x140xf32>, %bias: tensor<140xf32>) -> tensor<20x140xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<20x140xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<20x140xf32>) -> tensor<20x140xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<20x300xf32>, tensor<300x140xf32>)
                      outs(%acc : tensor<20x140xf32>) -> tensor<20x140xf32>
  %y = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<20x140xf32>, tensor<140xf32>) outs(%e : tensor<20x140xf32>) {
  ^bb0(%v: f32, %bv: f32, %out: f32):
    %s = arith.addf %v, %bv : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  } -> tensor<20x140xf32>
  return %y : tensor<20x140xf32>
}

// ramp fills a matrix with ((3i + 5j) mod 7 - 3) * scale.
func.func @ramp(%t: tensor<20x300xf32>, %scale: f32) -> tensor<20x300xf32> {
  %r = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%t : tensor<20x300xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %p = arith.muli %i, %c3 : index
    %q = arith.muli %j, %c5 : index
    %s = arith.addi %p, %q : index
    %m = arith.remui %s, %c7 : index
    %v = arith.subi %m, %c3 : index
    %vi = arith.index_cast %v : index to i32
    %vf = arith.sitofp %vi : i32 to f32
    %x = arith.mulf %vf, %scale : f32
    linalg.yield %x : f32
  } -> tensor<20x300xf32>
  return %r : tensor<20x300xf32>
}

func.func @main() {
  %a0 = tensor.empty() : tensor<20x300xf32>
  %half = arith.constant 0.5 : f32
  %a = call @ramp(%a0, %half) : (tensor<20x300xf32>, f32) -> tensor<20x300xf32>
  %b = arith.constant dense<0.25> : tensor<300x140xf32>
  %c7 = arith.constant 7.0 : f32
  %bias0 = tensor.empty() : tensor<140xf32>
  %bias = linalg.fill ins(%c7 : f32) outs(%bias0 : tensor<140xf32>) -> tensor<140xf32>
  %r = call @gemm(%a, %b, %bias) : (tensor<20x300xf32>, tensor<300x140xf32>, tensor<140xf32>) -> tensor<20x140xf32>
  %u = tensor.cast %r : tensor<20x140xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
