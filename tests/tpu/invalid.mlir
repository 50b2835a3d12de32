// RUN: strata-opt --split-input-file --verify-diagnostics %s

// The tpu dialect's verifiers and the Mosaic kernel contract.

// expected-error @below {{'func.func' op is not a valid Mosaic kernel: expected 3 arguments (1 grid indices, 0 scalar-prefetch refs, 2 windows, 0 scratch refs), got 2}}
func.func @k(%i: i32, %x: memref<8x128xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<parallel>], iteration_bounds = array<i64: 2>, scalar_prefetch = 0 : i64, scratch_operands = 0 : i64, tpu.core_type = #tpu.core_type<tc>, window_params = [{transform_indices = @t, window_bounds = array<i64: 8, 128>}, {transform_indices = @t, window_bounds = array<i64: 8, 128>}]} {
  return
}
func.func @t(%i: i32) -> (i32, i32) {
  return %i, %i : i32, i32
}

// -----

// expected-error @below {{'func.func' op is not a valid Mosaic kernel: 1 dimension semantics for a grid of rank 2}}
func.func @k(%i: i32, %j: i32, %x: memref<8x128xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<parallel>], iteration_bounds = array<i64: 2, 2>, scalar_prefetch = 0 : i64, scratch_operands = 0 : i64, tpu.core_type = #tpu.core_type<tc>, window_params = [{window_bounds = array<i64: 8, 128>}]} {
  return
}

// -----

// expected-error @below {{'func.func' op is not a valid Mosaic kernel: window 0: the index map takes 2 arguments, expected 1 (the grid indices and scalar-prefetch refs)}}
func.func @k(%i: i32, %x: memref<8x128xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<arbitrary>], iteration_bounds = array<i64: 2>, scalar_prefetch = 0 : i64, scratch_operands = 0 : i64, tpu.core_type = #tpu.core_type<tc>, window_params = [{transform_indices = @t, window_bounds = array<i64: 8, 128>}]} {
  return
}
func.func @t(%i: i32, %j: i32) -> (i32, i32) {
  return %i, %j : i32, i32
}

// -----

// expected-error @below {{'func.func' op is not a valid Mosaic kernel: window 0: the ref memref<8x128xf32, #tpu.memory_space<vmem>> does not have the window's shape 16x128}}
func.func @k(%i: i32, %x: memref<8x128xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<arbitrary>], iteration_bounds = array<i64: 2>, tpu.core_type = #tpu.core_type<tc>, window_params = [{window_bounds = array<i64: 16, 128>}]} {
  return
}

// -----

func.func @matmul(%a: vector<8x128xbf16>, %b: vector<64x128xbf16>, %c: vector<8x128xf32>) {
  // expected-error @below {{'tpu.matmul' op contracting dimensions differ: 128 (lhs) and 64 (rhs)}}
  %d = tpu.matmul %a, %b, %c {dimension_numbers = #tpu.dot_dimension_numbers<[1], [0], [0], [1], [0, 0, 1, 1], [], []>, transpose_lhs_hint = false} : vector<8x128xbf16>, vector<64x128xbf16>, vector<8x128xf32> -> vector<8x128xf32>
  return
}

// -----

func.func @matmul(%a: vector<8x128xbf16>, %b: vector<128x256xbf16>, %c: vector<8x128xf32>) {
  // expected-error @below {{'tpu.matmul' op expected an accumulator of shape 8x256, got vector<8x128xf32>}}
  %d = tpu.matmul %a, %b, %c {dimension_numbers = #tpu.dot_dimension_numbers<[1], [0], [0], [1], [0, 0, 1, 1], [], []>, transpose_lhs_hint = false} : vector<8x128xbf16>, vector<128x256xbf16>, vector<8x128xf32> -> vector<8x128xf32>
  return
}

// -----

func.func @store(%m: memref<8x128xf32, #tpu.memory_space<vmem>>, %v: vector<8x128xf32>) {
  %c0 = arith.constant 0 : index
  // expected-error @below {{'tpu.vector_store' op expected 2 indices for a memref of rank 2, got 1}}
  tpu.vector_store %m[%c0], %v {strides = array<i32>} : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>,
  return
}

// -----

func.func @load(%m: memref<8x128xf32, #tpu.memory_space<vmem>>) {
  %c0 = arith.constant 0 : index
  // expected-error @below {{'tpu.vector_load' op vector dimension 0 (16) exceeds the memref's (8)}}
  %v = tpu.vector_load %m[%c0, %c0] {strides = array<i32>} : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<16x128xf32>,
  return
}

// -----

func.func @iota() {
  // expected-error @below {{'tpu.iota' op dimension 2 is out of range for a vector of rank 2}}
  %i = tpu.iota {dimensions = array<i32: 2>} : vector<8x128xi32>
  return
}

// -----

func.func @dma(%a: memref<8x128xf32, #tpu.memory_space<any>>, %b: memref<8x256xf32, #tpu.memory_space<vmem>>, %s: memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) {
  // expected-error @below {{'tpu.enqueue_dma' op expected source and target to have the same shape}}
  tpu.enqueue_dma source(%a : memref<8x128xf32, #tpu.memory_space<any>>) target(%b : memref<8x256xf32, #tpu.memory_space<vmem>>) target_semaphore(%s : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
  return
}

// -----

func.func @sem(%s: memref<2x!tpu.semaphore, #tpu.memory_space<semaphore_mem>>, %n: i32) {
  // expected-error @below {{'tpu.sem_wait' op expected a semaphore memref of rank 0 (slice an array of semaphores first)}}
  tpu.sem_wait %s, %n : memref<2x!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
  return
}

// -----

func.func @dn(%a: vector<8x128xbf16>, %b: vector<128x128xbf16>, %c: vector<8x128xf32>) {
  // expected-error @below {{#tpu.dot_dimension_numbers takes 7 lists, got 5}}
  %d = tpu.matmul %a, %b, %c {dimension_numbers = #tpu.dot_dimension_numbers<[1], [0], [0], [1], [0, 0, 1, 1]>, transpose_lhs_hint = false} : vector<8x128xbf16>, vector<128x128xbf16>, vector<8x128xf32> -> vector<8x128xf32>
  return
}

// -----

func.func @k(%i: i32, %x: memref<8x128xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<parallel>], iteration_bounds = array<i64: -9223372036854775808>, scalar_prefetch = 0 : i64, scratch_operands = 0 : i64, tpu.core_type = #tpu.core_type<tc>, window_params = [{window_bounds = array<i64: 8, 128>}]} {
  return
}
func.func @main(%x: memref<8x128xf32>) {
  // expected-error @below {{'tpu.pallas_call' op expected 1 grid sizes for the dynamic axes of @k, got 0}}
  tpu.pallas_call @k(%x) : memref<8x128xf32>
  return
}

// -----

func.func @k(%i: i32, %x: memref<8x128xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<parallel>], iteration_bounds = array<i64: 0>, tpu.core_type = #tpu.core_type<tc>, window_params = [{window_bounds = array<i64: 8, 128>}]} {
  return
}
// expected-error @-3 {{'func.func' op is not a valid Mosaic kernel: iteration bound 0 of axis 0 must be positive (or dynamic, -9223372036854775808)}}
