// RUN: strata-opt %s --split-input-file --verify-diagnostics

// Verifier messages of the amdgpu operations and types the upstream
// invalid tests leave out, as mlir-opt-22 reports them.

func.func @gather_index_type(%b: !amdgpu.tdm_gather_base<i32, i64>) {
  return
}
// expected-error@-3 {{index type must be i16 or i32 but index type is 'i64'.}}

// -----

func.func @raw_buffer_indices(%m: memref<4x4xf32>, %i: i32) -> f32 {
  // expected-error@+1 {{'amdgpu.raw_buffer_load' op Expected 2 indices to memref}}
  %0 = amdgpu.raw_buffer_load %m[%i] : memref<4x4xf32>, i32 -> f32
  return %0 : f32
}

// -----

func.func @raw_buffer_elements(%m: memref<4xf32>, %i: i32) -> f16 {
  // expected-error@+1 {{'amdgpu.raw_buffer_load' op failed to verify that all of {value, memref} have same element type}}
  %0 = amdgpu.raw_buffer_load %m[%i] : memref<4xf32>, i32 -> f16
  return %0 : f16
}

// -----

func.func @sparse_index_type(%a: vector<4xf16>, %b: vector<8xf16>, %c: vector<4xf32>, %i: vector<2xi16>) -> vector<4xf32> {
  // expected-error@+1 {{'amdgpu.sparse_mfma' op expected vector<4xi8> sparse indices for 16-bit source data, but got 'vector<2xi16>'}}
  %0 = amdgpu.sparse_mfma 16x16x32 %a * %b + %c sparse(%i : vector<2xi16>) : vector<4xf16>, vector<8xf16>, vector<4xf32>
  return %0 : vector<4xf32>
}

// -----

func.func @descriptor_rank(%b: !amdgpu.tdm_base<i32>) {
  // expected-error@+1 {{'amdgpu.make_dma_descriptor' op tensor and tile must be at most of rank 5.}}
  %0 = amdgpu.make_dma_descriptor %b globalSize [1, 1, 1, 1, 1, 1] globalStride [1, 1, 1, 1, 1, 1] sharedSize [1, 1, 1, 1, 1, 1] : !amdgpu.tdm_base<i32> -> !amdgpu.tdm_descriptor
  return
}

// -----

func.func @fat_cast_type(%m: memref<4xf32>) {
  // expected-error@+1 {{'amdgpu.fat_raw_buffer_cast' op expected result type to be 'memref<4xf32, #amdgpu.address_space<fat_raw_buffer>>' but got 'memref<4xf32>'}}
  %0 = amdgpu.fat_raw_buffer_cast %m : memref<4xf32> to memref<4xf32>
  return
}
