// RUN: strata-opt --check-semantics --tile-to-tpu %s | FileCheck %s
// NO-DIFF: tile-to-tpu is Strata's own pass.

// A dynamic grid and an array of dynamic size: the grid's iteration bound
// is ShapedType::kDynamic (the host passes the size with the call), and
// the rows of the array, which the mask of the edge block compares with,
// come through a scalar-prefetch ref (SMEM, before the windows; the index
// maps take it after the grid indices). tile.num_programs of the dynamic
// axis is tpu.iteration_bound.

// CHECK-LABEL: func.func @k_tpu(%arg0: i32, %arg1: memref<1xi32, #tpu.memory_space<smem>>, %arg2: memref<8x128xf32, #tpu.memory_space<vmem>>, %arg3: memref<8x128xf32, #tpu.memory_space<vmem>>)
// CHECK-SAME: iteration_bounds = array<i64: -9223372036854775808>, scalar_prefetch = 1 : i64
// CHECK: tpu.iteration_bound 0 : i32
// CHECK: %[[N:.*]] = memref.load %arg1[%{{.*}}] : memref<1xi32, #tpu.memory_space<smem>>
// CHECK: %[[NV:.*]] = vector.broadcast %[[N]] : i32 to vector<8x128xi32>
// CHECK: arith.cmpi slt, %{{.*}}, %[[NV]] : vector<8x128xi32>
// CHECK-LABEL: func.func @transform_0(%arg0: i32, %arg1: memref<1xi32, #tpu.memory_space<smem>>) -> (i32, i32)
// CHECK-LABEL: func.func @main(
// CHECK: %[[G:.*]] = arith.ceildivui
// CHECK: %[[D:.*]] = memref.dim %arg0, %{{.*}} : memref<?x128xf32>
// CHECK: %[[DI:.*]] = arith.index_cast %[[D]] : index to i32
// CHECK: %[[A:.*]] = memref.alloca() : memref<1xi32>
// CHECK: memref.store %[[DI]], %[[A]]
// CHECK: tpu.pallas_call @k_tpu(%[[A]], %arg0, %arg1) grid[%[[G]]] : memref<1xi32>, memref<?x128xf32>, memref<?x128xf32>

tile.func @k(%a: memref<?x128xf32>, %o: memref<?x128xf32>) grid [parallel] {
  %p = tile.program_id 0 : index
  %np = tile.num_programs 0 : index
  %c0 = arith.constant 0 : index
  %A = tile.view %a : memref<?x128xf32> -> !tile.view<?x128xf32>
  %O = tile.view %o : memref<?x128xf32> -> !tile.view<?x128xf32>
  %x = tile.load %A[%p, %c0] pad zero : !tile.view<?x128xf32> -> tensor<8x128xf32>
  %npi = arith.index_cast %np : index to i32
  %npf = arith.sitofp %npi : i32 to f32
  %s = tile.splat %npf : f32 -> tensor<8x128xf32>
  %y = arith.mulf %x, %s : tensor<8x128xf32>
  tile.store %y, %O[%p, %c0] bounds_check : tensor<8x128xf32>, !tile.view<?x128xf32>
  tile.return
}
func.func @main(%a: memref<?x128xf32>, %o: memref<?x128xf32>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %n = memref.dim %a, %c0 : memref<?x128xf32>
  %g = arith.ceildivui %n, %c8 : index
  tile.launch @k grid [%g] (%a, %o) : memref<?x128xf32>, memref<?x128xf32>
  return
}
