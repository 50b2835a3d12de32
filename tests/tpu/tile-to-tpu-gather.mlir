// RUN: strata-opt --check-semantics --tile-to-tpu %s | FileCheck %s
// NO-DIFF: tile-to-tpu is Strata's own pass.

// A gather of whole rows (an embedding lookup): the table stays in HBM
// (ANY memory, an empty window_params entry), the row indices come whole
// into SMEM as a scalar-prefetch array (and as a VMEM window for the pad
// mask), and each of the 8 rows of a program is a DMA into a VMEM scratch
// buffer on one DMA semaphore; the waits follow the starts.

// CHECK-LABEL: func.func @k_tpu(%arg0: i32, %arg1: memref<16x1xi32, #tpu.memory_space<smem>>, %arg2: memref<8x1xi32, #tpu.memory_space<vmem>>, %arg3: memref<32x256xf32, #tpu.memory_space<any>>, %arg4: memref<8x256xf32, #tpu.memory_space<vmem>>, %arg5: memref<8x256xf32, #tpu.memory_space<vmem>>, %arg6: memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
// CHECK-SAME: scalar_prefetch = 1 : i64, scratch_operands = 2 : i64
// CHECK-SAME: window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 8, 1>}, {}, {transform_indices = @transform_2, window_bounds = array<i64: 8, 256>}]
// CHECK: %[[ROW:.*]] = memref.load %arg1[%{{.*}}, %{{.*}}] : memref<16x1xi32, #tpu.memory_space<smem>>
// CHECK: %[[CL:.*]] = arith.minsi %[[ROW]], %{{.*}} : i32
// CHECK: %[[R:.*]] = arith.maxsi %[[CL]], %{{.*}} : i32
// CHECK: %[[SRC:.*]] = tpu.memref_slice %arg3[%[[R]], %{{.*}}] : memref<32x256xf32, #tpu.memory_space<any>> -> memref<1x256xf32, #tpu.memory_space<any>>
// CHECK: %[[DST:.*]] = tpu.memref_slice %arg5[%{{.*}}, %{{.*}}] : memref<8x256xf32, #tpu.memory_space<vmem>> -> memref<1x256xf32, #tpu.memory_space<vmem>>
// CHECK: tpu.enqueue_dma source(%[[SRC]] : memref<1x256xf32, #tpu.memory_space<any>>) target(%[[DST]] : memref<1x256xf32, #tpu.memory_space<vmem>>) target_semaphore(%arg6 : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
// CHECK-COUNT-7: tpu.enqueue_dma
// CHECK: tpu.wait_dma2 semaphore(%arg6 : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) src(%[[SRC]] : memref<1x256xf32, #tpu.memory_space<any>>) dst(%[[DST]] : memref<1x256xf32, #tpu.memory_space<vmem>>)
// CHECK-COUNT-7: tpu.wait_dma2
// CHECK: vector.load %arg5
// CHECK-LABEL: func.func @main(
// CHECK: tpu.pallas_call @k_tpu(%arg1, %arg1, %arg0, %arg2) : memref<16x1xi32>, memref<16x1xi32>, memref<32x256xf32>, memref<16x256xf32>

tile.func @k(%t: memref<32x256xf32>, %ids: memref<16x1xi32>, %o: memref<16x256xf32>) grid [parallel] {
  %p = tile.program_id 0 : index
  %c0 = arith.constant 0 : index
  %T = tile.view %t : memref<32x256xf32> -> !tile.view<32x256xf32>
  %I = tile.view %ids : memref<16x1xi32> -> !tile.view<16x1xi32>
  %O = tile.view %o : memref<16x256xf32> -> !tile.view<16x256xf32>
  %id = tile.load %I[%p, %c0] : !tile.view<16x1xi32> -> tensor<8x1xi32>
  %rows = tile.broadcast %id : tensor<8x1xi32> -> tensor<8x256xi32>
  %j = tile.iota : tensor<256xi32>
  %j2 = tile.expand_dims %j dim 0 : tensor<256xi32> -> tensor<1x256xi32>
  %cols = tile.broadcast %j2 : tensor<1x256xi32> -> tensor<8x256xi32>
  %g = tile.gather %T[%rows, %cols] pad zero : !tile.view<32x256xf32>, tensor<8x256xi32> -> tensor<8x256xf32>
  tile.store %g, %O[%p, %c0] : tensor<8x256xf32>, !tile.view<16x256xf32>
  tile.return
}
func.func @main(%t: memref<32x256xf32>, %ids: memref<16x1xi32>, %o: memref<16x256xf32>) {
  %c2 = arith.constant 2 : index
  tile.launch @k grid [%c2] (%t, %ids, %o) : memref<32x256xf32>, memref<16x1xi32>, memref<16x256xf32>
  return
}
