// RUN: strata-opt --split-input-file --verify-diagnostics %s

// Verifiers of the gpu operations, with upstream's messages.

func.func @alloc_symbols(%n: index) {
  // expected-error @below {{'gpu.alloc' op symbol operand count does not equal memref symbol count}}
  %0 = gpu.alloc()[%n] : memref<4xf32, 1>
  return
}

// -----

func.func @alloc_sizes() {
  // expected-error @below {{'gpu.alloc' op incorrect number of dynamic sizes, has 0, expected 1}}
  %0 = gpu.alloc() : memref<?xf32, 1>
  return
}

// -----

gpu.module @m {
  // expected-error @below {{'gpu.func' op expected memory space private in attribution}}
  gpu.func @f() private(%p: memref<4xf32, #gpu.address_space<global>>) {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error @below {{'gpu.func' op gpu.known_grid_size must contain exactly 3 elements}}
  gpu.func @f() kernel attributes {gpu.known_grid_size = array<i32: 1>} {
    gpu.return
  }
}

// -----

func.func @reduce_kind(%x: f32) {
  // expected-error @below {{`and` reduction operation is not compatible with type 'f32'}}
  %0 = gpu.subgroup_reduce and %x : (f32) -> f32
  return
}

// -----

func.func @reduce_cluster(%x: i32) {
  // expected-error @below {{'gpu.subgroup_reduce' op cluster size 3 is not a power of two}}
  %0 = gpu.subgroup_reduce add %x cluster(size = 3) : (i32) -> i32
  return
}

// -----

func.func @all_reduce_body(%x: f32) {
  // expected-error @below {{expected two region arguments}}
  %0 = gpu.all_reduce %x {
  ^bb(%a: f32):
    gpu.yield %a : f32
  } : (f32) -> f32
  return
}

// -----

gpu.module @m {
  gpu.func @f() {
    // expected-error @below {{'gpu.dynamic_shared_memory' op address space must be address_space<workgroup>}}
    %0 = gpu.dynamic_shared_memory : memref<?xi8>
    gpu.return
  }
}

// -----

func.func @unnamed_async(%m: memref<4xf32>) {
  // expected-error @below {{custom op 'gpu.dealloc' needs to be named when marked 'async'}}
  gpu.dealloc async %m : memref<4xf32>
  return
}

// -----

// expected-error @below {{'gpu.module' op attribute 'targets' failed to satisfy constraint: array of GPU target attributes with at least 1 elements}}
gpu.module @no_target [#gpu.address_space<global>] {
}
