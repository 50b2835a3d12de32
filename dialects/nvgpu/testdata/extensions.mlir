// Strata's extensions of nvgpu, which mlir-opt does not know.
func.func @warp_specialized() {
  %wg = nvgpu.warpgroup.id
  %leader = nvgpu.elect.sync -> i1
  nvgpu.setmaxnreg increase 232
  nvgpu.setmaxnreg decrease 40
  nvgpu.fence.proxy.async
  return
}
