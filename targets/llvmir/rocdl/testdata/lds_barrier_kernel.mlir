// A kernel exchanging values through LDS across amdgpu.lds_barrier:
// thread t writes t, then reads the value of thread 127 - t (two waves).
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @exchange(%out: memref<128xi32>) workgroup(%lds : memref<128xi32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c127 = arith.constant 127 : index
      %t = gpu.thread_id x
      %ti = arith.index_cast %t : index to i32
      memref.store %ti, %lds[%t] : memref<128xi32, #gpu.address_space<workgroup>>
      amdgpu.lds_barrier
      %o = arith.subi %c127, %t : index
      %v = memref.load %lds[%o] : memref<128xi32, #gpu.address_space<workgroup>>
      memref.store %v, %out[%t] : memref<128xi32>
      gpu.return
    }
  }
}
