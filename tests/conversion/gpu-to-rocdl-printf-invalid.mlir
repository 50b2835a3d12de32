// RUN: strata-opt --verify-diagnostics --pass-pipeline='builtin.module(gpu.module(convert-gpu-to-rocdl))' %s

// Without the HIP runtime, which has the device library's printf,
// gpu.printf is not lowered.
gpu.module @n {
  gpu.func @k(%i: i32) kernel {
    // expected-error @below {{failed to legalize operation 'gpu.printf' that was explicitly marked illegal}}
    gpu.printf "%d\n", %i : i32
    gpu.return
  }
}
