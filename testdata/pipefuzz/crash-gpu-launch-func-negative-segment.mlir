// SIGNATURE: crash at dialects/gpu.LaunchFuncOp.KernelOperands: runtime error: slice bounds out of range [N:N]
// PIPELINE: builtin.module(gpu-to-llvm)
module attributes {gpu.container_module} {
  func.func @f(%s: index, %x: f32) {
    "gpu.launch_func"(%s, %s, %s, %s, %s, %s, %x, %x) <{kernel = @k::@k, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, -1, 0>}> : (index, index, index, index, index, index, f32, f32) -> ()
    return
  }
  gpu.module @k {
    gpu.func @k(%a: f32, %b: f32) kernel {
      gpu.return
    }
  }
}
