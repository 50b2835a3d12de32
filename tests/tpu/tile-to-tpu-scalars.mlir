// RUN: strata-opt --check-semantics --tile-to-tpu %s | FileCheck %s
// NO-DIFF: tile-to-tpu is Strata's own pass.

// Scalar arguments of a kernel reach it through one-element SMEM refs:
// index scalars as i32 (an SMEM word), floats as they are; the host
// stores them into allocas before the pallas_call.

// CHECK-LABEL: func.func @k_tpu(%arg0: i32, %arg1: memref<1xi32, #tpu.memory_space<smem>>, %arg2: memref<1xf32, #tpu.memory_space<smem>>, %arg3: memref<8x128xf32, #tpu.memory_space<vmem>>)
// CHECK: %[[N:.*]] = memref.load %arg1[%{{.*}}] : memref<1xi32, #tpu.memory_space<smem>>
// CHECK-NEXT: arith.index_cast %[[N]] : i32 to index
// CHECK: memref.load %arg2[%{{.*}}] : memref<1xf32, #tpu.memory_space<smem>>
// CHECK-LABEL: func.func @main(
// CHECK: %[[I:.*]] = arith.index_cast %{{.*}} : index to i32
// CHECK: %[[A:.*]] = memref.alloca() : memref<1xi32>
// CHECK: memref.store %[[I]], %[[A]]
// CHECK: tpu.pallas_call @k_tpu(%[[A]], %{{.*}}, %arg0) : memref<1xi32>, memref<1xf32>, memref<16x128xf32>

tile.func @k(%n: index, %s: f32, %o: memref<16x128xf32>) grid [parallel] {
  %p = tile.program_id 0 : index
  %c0 = arith.constant 0 : index
  %O = tile.view %o : memref<16x128xf32> -> !tile.view<16x128xf32>
  %i = tile.iota : tensor<128xindex>
  %ns = tile.splat %n : index -> tensor<128xindex>
  %a = arith.addi %i, %ns : tensor<128xindex>
  %ai = arith.index_cast %a : tensor<128xindex> to tensor<128xi32>
  %af = arith.sitofp %ai : tensor<128xi32> to tensor<128xf32>
  %ss = tile.splat %s : f32 -> tensor<128xf32>
  %m = arith.mulf %af, %ss : tensor<128xf32>
  %e = tile.expand_dims %m dim 0 : tensor<128xf32> -> tensor<1x128xf32>
  %b = tile.broadcast %e : tensor<1x128xf32> -> tensor<8x128xf32>
  tile.store %b, %O[%p, %c0] : tensor<8x128xf32>, !tile.view<16x128xf32>
  tile.return
}
func.func @main(%o: memref<16x128xf32>) {
  %c2 = arith.constant 2 : index
  %n = arith.constant 5 : index
  %s = arith.constant 0.5 : f32
  tile.launch @k grid [%c2] (%n, %s, %o) : index, f32, memref<16x128xf32>
  return
}
