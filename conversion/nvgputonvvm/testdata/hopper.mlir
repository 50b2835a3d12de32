!bars = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
gpu.module @kernels {
  gpu.func @barriers(%id: index, %n: index) kernel {
    %b = nvgpu.mbarrier.create -> !bars
    nvgpu.mbarrier.init %b[%id], %n : !bars
    %p = nvgpu.mbarrier.get %b[%id] : !bars -> i32
    %tok = nvgpu.mbarrier.arrive %b[%id] : !bars -> !nvgpu.mbarrier.token
    %done = nvgpu.mbarrier.test.wait %b[%id], %tok : !bars, !nvgpu.mbarrier.token
    gpu.return
  }
}
// -----
!map = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
func.func @tma(%d: !map, %s: memref<64x64xf16, 3>, %b: !bar, %x: index, %y: index, %mask: i16, %p: i1) {
  %c0 = arith.constant 0 : index
  nvgpu.tma.async.load %d[%x, %y], %b[%c0] to %s : !map, !bar -> memref<64x64xf16, 3>
  nvgpu.tma.async.load %d[%x, %y], %b[%c0] to %s multicast_mask = %mask : !map, !bar -> memref<64x64xf16, 3>
  nvgpu.tma.async.load %d[%x, %y], %b[%c0] to %s multicast_mask = %mask, predicate = %p : !map, !bar -> memref<64x64xf16, 3>
  nvgpu.tma.async.store %s to %d[%x, %y] : memref<64x64xf16, 3> -> !map
  nvgpu.tma.async.store %s to %d[%x, %y], predicate = %p : memref<64x64xf16, 3> -> !map
  nvgpu.mbarrier.arrive.expect_tx %b[%c0], %x, predicate = %p : !bar
  return
}
// -----
!map = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = l2promo_64b, oob = zero, interleave = none>
func.func @create_descriptor(%m: memref<128x128xf16>) -> !map {
  %c64 = arith.constant 64 : index
  %u = memref.cast %m : memref<128x128xf16> to memref<*xf16>
  %d = nvgpu.tma.create.descriptor %u box[%c64, %c64] : memref<*xf16> -> !map
  return %d : !map
}
// -----
!map = !nvgpu.tensormap.descriptor<tensor = memref<64x64xbf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!descA = !nvgpu.warpgroup.descriptor<tensor = memref<64x64xbf16, 3>>
!descB = !nvgpu.warpgroup.descriptor<tensor = memref<64x128xbf16, 3>>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<64x128xf32>>
func.func @wgmma_bf16(%sa: memref<64x64xbf16, 3>, %ta: !map, %b: !descB, %out: memref<64x128xf32>) {
  %a = nvgpu.warpgroup.generate.descriptor %sa, %ta : memref<64x64xbf16, 3>, !map -> !descA
  %acc = nvgpu.warpgroup.mma.init.accumulator -> !acc
  %r = nvgpu.warpgroup.mma %a, %b, %acc {waitGroup = 0} : !descA, !descB, !acc -> !acc
  nvgpu.warpgroup.mma.store %r, %out : !acc to memref<64x128xf32>
  return
}
// -----
!descA = !nvgpu.warpgroup.descriptor<tensor = memref<64x16xf16, 3>>
!descB = !nvgpu.warpgroup.descriptor<tensor = memref<16x64xf16, 3>>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<64x64xf32>>
func.func @wgmma_loop(%a: !descA, %b: !descB, %n: index, %out: memref<64x64xf32, 3>, %p: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = nvgpu.warpgroup.mma.init.accumulator -> !acc
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (!acc) {
    %next = nvgpu.warpgroup.mma %a, %b, %acc {transposeB} : !descA, !descB, !acc -> !acc
    scf.yield %next : !acc
  }
  %s = scf.if %p -> (!acc) {
    scf.yield %r : !acc
  } else {
    scf.yield %init : !acc
  }
  nvgpu.warpgroup.mma.store %s, %out : !acc to memref<64x64xf32, 3>
  return
}
