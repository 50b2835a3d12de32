// RUN: strata-opt --verify-diagnostics --convert-amdgpu-to-rocdl=chipset=gfx942 %s

// Loads of 12 and 16 bytes straight into LDS are gfx950's: on gfx942
// gather_to_lds of a vector<4xf32> is not lowered. (mlir-opt-22 first
// reports the pattern's own reason, "Gather to LDS instructions with
// 12-byte and 16-byte load widths are only supported on gfx950"; Strata's
// conversion driver has no pattern diagnostics and reports the
// operation it could not legalize.)
func.func @wide(%global: memref<128x72xf32, 1>) {
  %c0 = arith.constant 0 : index
  %alloc = memref.alloc() : memref<64x64xf32, 3>
  // expected-error @below {{failed to legalize operation 'amdgpu.gather_to_lds' that was explicitly marked illegal}}
  amdgpu.gather_to_lds %global[%c0, %c0], %alloc[%c0, %c0] : vector<4xf32>, memref<128x72xf32, 1>, memref<64x64xf32, 3>
  func.return
}
