// A wave of 64 lanes loads four halves per lane, multiplies them on the
// matrix core (v_mfma_f32_16x16x16f16), waits for its loads, meets at a
// barrier and stores the accumulator fragment.
module {
  gpu.module @kernels {
    gpu.func @mfma_kernel(%a: memref<256xf16, 1>, %c: memref<256xf32, 1>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %tx = gpu.thread_id x
      %c4 = arith.constant 4 : index
      %base = arith.muli %tx, %c4 : index
      %v = vector.load %a[%base] : memref<256xf16, 1>, vector<4xf16>
      %acc = arith.constant dense<0.0> : vector<4xf32>
      %d = amdgpu.mfma 16x16x16 %v * %v + %acc blgp = none : vector<4xf16>, vector<4xf16>, vector<4xf32>
      amdgpu.memory_counter_wait load(0)
      gpu.barrier
      vector.store %d, %c[%base] : memref<256xf32, 1>, vector<4xf32>
      gpu.return
    }
  }
}
