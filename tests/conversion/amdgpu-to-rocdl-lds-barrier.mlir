// RUN: strata-opt --convert-amdgpu-to-rocdl=chipset=gfx90a %s | FileCheck %s
// RUN: strata-opt --convert-amdgpu-to-rocdl=chipset=gfx942 %s | FileCheck %s
// RUN: strata-opt --convert-amdgpu-to-rocdl=chipset=gfx950 %s | FileCheck %s

// amdgpu.lds_barrier is s_barrier between workgroup fences relaxed to
// the LDS by the MMRA tag amdgpu-synchronize-as:local.

// CHECK: #mmra_tag = #llvm.mmra_tag<"amdgpu-synchronize-as":"local">
// CHECK-LABEL: func.func @lds_barrier
// CHECK-NEXT: llvm.fence syncscope("workgroup") release {llvm.mmra = #mmra_tag}
// CHECK-NEXT: rocdl.s.barrier
// CHECK-NEXT: llvm.fence syncscope("workgroup") acquire {llvm.mmra = #mmra_tag}
// CHECK-NEXT: return
func.func @lds_barrier() {
  amdgpu.lds_barrier
  return
}
