// RUN: strata-opt %s | FileCheck %s
// NO-DIFF: the tpu dialect is JAX's Mosaic dialect, which mlir-opt-22 does not know.

// A Mosaic kernel as Pallas writes it: grid indices, one window per
// operand, the kernel attributes and an index map per window; it prints
// back as it reads.

// CHECK-LABEL: func.func @softmax_kernel(%arg0: i32, %arg1: memref<8x256xf32, #tpu.memory_space<vmem>>, %arg2: memref<8x256xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<parallel>], iteration_bounds = array<i64: 8>, scalar_prefetch = 0 : i64, scratch_operands = 0 : i64, tpu.core_type = #tpu.core_type<tc>, window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 8, 256>}, {transform_indices = @transform_1, window_bounds = array<i64: 8, 256>}]}
// CHECK: vector.multi_reduction <maximumf>
// CHECK: tpu.iota {dimensions = array<i32: 1>} : vector<8x256xi32>
// CHECK: tpu.matmul %{{.*}}, %{{.*}}, %{{.*}} {dimension_numbers = #tpu.dot_dimension_numbers<[1], [0], [0], [1], [0, 0, 1, 1], [], []>, transpose_lhs_hint = false} : vector<8x128xbf16>, vector<128x256xbf16>, vector<8x256xf32> -> vector<8x256xf32>
// CHECK: tpu.vector_store %arg2[%c0, %c0], %{{.*}} {strides = array<i32>} : memref<8x256xf32, #tpu.memory_space<vmem>>, vector<8x256xf32>,
// CHECK: tpu.vector_load %arg2[%c0, %c0] {strides = array<i32>} : memref<8x256xf32, #tpu.memory_space<vmem>>, vector<8x256xf32>,
// CHECK: %[[S:.*]] = tpu.sem_alloc : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
// CHECK: tpu.enqueue_dma source(%arg1 : memref<8x256xf32, #tpu.memory_space<vmem>>) target(%arg2 : memref<8x256xf32, #tpu.memory_space<vmem>>) target_semaphore(%[[S]] : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
// CHECK: tpu.wait_dma2 semaphore(%[[S]] : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) src(%arg1 : memref<8x256xf32, #tpu.memory_space<vmem>>) dst(%arg2 : memref<8x256xf32, #tpu.memory_space<vmem>>)

module {
  func.func @softmax_kernel(%arg0: i32, %x_ref: memref<8x256xf32, #tpu.memory_space<vmem>>, %o_ref: memref<8x256xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<parallel>], iteration_bounds = array<i64: 8>, scalar_prefetch = 0 : i64, scratch_operands = 0 : i64, tpu.core_type = #tpu.core_type<tc>, window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 8, 256>}, {transform_indices = @transform_1, window_bounds = array<i64: 8, 256>}]} {
    %cm = arith.constant dense<0xFF800000> : vector<8xf32>
    %c0 = arith.constant 0 : index
    %x = vector.load %x_ref[%c0, %c0] : memref<8x256xf32, #tpu.memory_space<vmem>>, vector<8x256xf32>
    %m = vector.multi_reduction <maximumf>, %x, %cm [1] : vector<8x256xf32> to vector<8xf32>
    %i = tpu.iota {dimensions = array<i32: 1>} : vector<8x256xi32>
    %a = arith.constant dense<1.0> : vector<8x128xbf16>
    %b = arith.constant dense<1.0> : vector<128x256xbf16>
    %acc = arith.constant dense<0.0> : vector<8x256xf32>
    %d = tpu.matmul %a, %b, %acc {dimension_numbers = #tpu.dot_dimension_numbers<[1], [0], [0], [1], [0, 0, 1, 1], [], []>, transpose_lhs_hint = false} : vector<8x128xbf16>, vector<128x256xbf16>, vector<8x256xf32> -> vector<8x256xf32>
    tpu.vector_store %o_ref[%c0, %c0], %x {strides = array<i32>} : memref<8x256xf32, #tpu.memory_space<vmem>>, vector<8x256xf32>,
    %v = tpu.vector_load %o_ref[%c0, %c0] {strides = array<i32>} : memref<8x256xf32, #tpu.memory_space<vmem>>, vector<8x256xf32>,
    %s = tpu.sem_alloc : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
    tpu.enqueue_dma source(%x_ref : memref<8x256xf32, #tpu.memory_space<vmem>>) target(%o_ref : memref<8x256xf32, #tpu.memory_space<vmem>>) target_semaphore(%s : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
    tpu.wait_dma2 semaphore(%s : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) src(%x_ref : memref<8x256xf32, #tpu.memory_space<vmem>>) dst(%o_ref : memref<8x256xf32, #tpu.memory_space<vmem>>)
    %sem = tpu.sem_alloc : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
    %one = arith.constant 1 : i32
    tpu.sem_signal %sem, %one : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
    tpu.sem_wait %sem, %one : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
    %sv = tpu.sem_read %sem : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>> -> i32
    %red = tpu.all_reduce %x {dim = 1 : i64, kind = #tpu.reduction_kind<max>} : vector<8x256xf32> -> vector<8x256xf32>
    %id = tpu.device_id : i32
    %ib = tpu.iteration_bound 0 : i32
    %am = tpu.assume_multiple %c0, 8 : index
    %sl = tpu.memref_slice %x_ref[%id, %id] : memref<8x256xf32, #tpu.memory_space<vmem>> -> memref<1x128xf32, #tpu.memory_space<vmem>>
    %sq = tpu.memref_squeeze %sl : memref<1x128xf32, #tpu.memory_space<vmem>> -> memref<128xf32, #tpu.memory_space<vmem>>
    return
  }
  func.func @transform_0(%arg0: i32) -> (i32, i32) {
    %c0_i32 = arith.constant 0 : i32
    return %arg0, %c0_i32 : i32, i32
  }
  func.func @transform_1(%arg0: i32) -> (i32, i32) {
    %c0_i32 = arith.constant 0 : i32
    return %arg0, %c0_i32 : i32, i32
  }
}

// CHECK: tpu.sem_signal %{{.*}}, %{{.*}} : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
// CHECK: tpu.sem_wait
// CHECK: tpu.all_reduce %{{.*}} {dim = 1 : i64, kind = #tpu.reduction_kind<max>} : vector<8x256xf32> -> vector<8x256xf32>
// CHECK: tpu.memref_slice %arg1[%{{.*}}, %{{.*}}] : memref<8x256xf32, #tpu.memory_space<vmem>> -> memref<1x128xf32, #tpu.memory_space<vmem>>
// CHECK: tpu.memref_squeeze
// CHECK-LABEL: func.func @transform_0(%arg0: i32) -> (i32, i32)
