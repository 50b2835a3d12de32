module {
  func.func @warp_specialized() {
    %0 = nvgpu.warpgroup.id
    %1 = nvgpu.elect.sync -> i1
    nvgpu.setmaxnreg  increase 232
    nvgpu.setmaxnreg  decrease 40
    nvgpu.fence.proxy.async
    return
  }
}

