// RUN: strata-opt --split-input-file --verify-diagnostics %s

// The register budget of setmaxnreg is PTX's: 24 to 256, a multiple of 8.

func.func @too_few_registers() {
  // expected-error @below {{'nvgpu.setmaxnreg' op new register size must be in between 24 to 256 and multiple of 8}}
  nvgpu.setmaxnreg increase 20
  return
}

// -----

func.func @unaligned_registers() {
  // expected-error @below {{'nvgpu.setmaxnreg' op new register size must be in between 24 to 256 and multiple of 8}}
  "nvgpu.setmaxnreg"() <{action = #nvgpu<reg_action decrease>, regCount = 100 : i32}> : () -> ()
  return
}

// -----

func.func @unknown_action() {
  // expected-error @below {{expected register reallocation action to be one of: increase, decrease}}
  nvgpu.setmaxnreg grow 32
  return
}
