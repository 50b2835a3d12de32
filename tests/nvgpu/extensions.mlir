// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC
// NO-DIFF: Strata's extensions of nvgpu, which mlir-opt-22 does not know.

// A warp-specialized kernel picks its role by warpgroup, moves registers
// between the producer and consumer warpgroups, elects one thread to issue
// copies and orders generic-proxy stores before async-proxy reads.

// CHECK-LABEL: func.func @warp_specialized
// CHECK: %0 = nvgpu.warpgroup.id
// CHECK: %1 = nvgpu.elect.sync -> i1
// CHECK: nvgpu.setmaxnreg  increase 232
// CHECK: nvgpu.setmaxnreg  decrease 40
// CHECK: nvgpu.fence.proxy.async
// GENERIC: "nvgpu.warpgroup.id"() : () -> index
// GENERIC: "nvgpu.elect.sync"() : () -> i1
// GENERIC: "nvgpu.setmaxnreg"() <{action = #nvgpu<reg_action increase>, regCount = 232 : i32}> : () -> ()
// GENERIC: "nvgpu.fence.proxy.async"() : () -> ()
func.func @warp_specialized() {
  %wg = nvgpu.warpgroup.id
  %leader = nvgpu.elect.sync -> i1
  nvgpu.setmaxnreg increase 232
  nvgpu.setmaxnreg decrease 40
  nvgpu.fence.proxy.async
  return
}

// The thread's registers of a wgmma accumulator, in wgmma's order: a
// 64x64 accumulator gives each of the 128 threads 32 elements.

// CHECK-LABEL: func.func @accumulator_registers
// CHECK: %0 = nvgpu.warpgroup.mma.registers %arg0 : <fragmented = vector<64x64xf32>> -> vector<8x2x2xf32>
// GENERIC: "nvgpu.warpgroup.mma.registers"(%arg0) : (!nvgpu.warpgroup.accumulator<fragmented = vector<64x64xf32>>) -> vector<8x2x2xf32>
func.func @accumulator_registers(%acc: !nvgpu.warpgroup.accumulator<fragmented = vector<64x64xf32>>) -> vector<8x2x2xf32> {
  %r = nvgpu.warpgroup.mma.registers %acc : !nvgpu.warpgroup.accumulator<fragmented = vector<64x64xf32>> -> vector<8x2x2xf32>
  return %r : vector<8x2x2xf32>
}
