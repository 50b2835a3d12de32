// SIGNATURE: verify after gpu-to-llvm: 'gpu.launch_func' op got N kernel operands but expected N
// PIPELINE: builtin.module(gpu-to-llvm)
module attributes {gpu.container_module} {
  func.func @launch_memory_attributions_0() {
    %0 = "op"() : () -> memref<?xf32, 1>
    %c128 = arith.constant 128 : index
    gpu.launch_func  @launch_memory_attributions_0_kernel::@launch_memory_attributions_0_kernel blocks in (%c128, %c128, %c128) threads in (%c128, %c128, %c128)  args(%0 : memref<?xf32, 1>)
    return
  }
  gpu.module @launch_memory_attributions_0_kernel {
    gpu.func @launch_memory_attributions_0_kernel(%arg0: memref<?xf32, 1>) workgroup(%arg1 : memref<42xf32, 3>) private(%arg2 : memref<2xf32, 5>, %arg3 : memref<1xf32, 5>) kernel attributes {known_block_size = array<i32: 128, 128, 0>, known_grid_size = array<i32: 128, 128, 128>} {
      gpu.return
    }
  }
}
