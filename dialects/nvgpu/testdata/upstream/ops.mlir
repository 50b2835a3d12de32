!barrierType = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
!tmaA = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<64x128xf32>>
func.func @all(%g: memref<16x16xf16>, %s: memref<64x64xf16, 3>, %i: index, %p: i1, %tok: !nvgpu.mbarrier.token, %u: memref<*xf16>, %v: vector<4x4xf32>, %m: i16, %out: memref<64x128xf32, 3>) {
  %0 = nvgpu.device_async_copy %g[%i, %i], %s[%i, %i], 8, %i : memref<16x16xf16> to memref<64x64xf16, 3>
  %1 = nvgpu.device_async_create_group %0, %0
  nvgpu.device_async_wait %1
  %bar = nvgpu.mbarrier.create -> !barrierType
  %bar1 = nvgpu.mbarrier.create -> !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
  nvgpu.mbarrier.init %bar[%i], %i, predicate = %p : !barrierType
  %t = nvgpu.mbarrier.arrive %bar[%i] : !barrierType -> !nvgpu.mbarrier.token
  %t2 = nvgpu.mbarrier.arrive.nocomplete %bar[%i], %i : !barrierType -> !nvgpu.mbarrier.token
  nvgpu.mbarrier.arrive.expect_tx %bar[%i], %i : !barrierType
  nvgpu.mbarrier.arrive.expect_tx %bar[%i], %i, predicate = %p : !barrierType
  %w = nvgpu.mbarrier.test.wait %bar[%i], %tok : !barrierType, !nvgpu.mbarrier.token
  nvgpu.mbarrier.try_wait.parity %bar[%i], %p, %i : !barrierType
  %ptr = nvgpu.mbarrier.get %bar[%i] : !barrierType -> i32
  %d = nvgpu.tma.create.descriptor %u box[%i, %i] : memref<*xf16> -> !tmaA
  nvgpu.tma.fence.descriptor %d : !tmaA
  nvgpu.tma.prefetch.descriptor %d, predicate = %p : !tmaA
  nvgpu.tma.async.load %d[%i, %i], %bar[%i] to %s multicast_mask = %m, predicate = %p : !tmaA, !barrierType -> memref<64x64xf16, 3>
  nvgpu.tma.async.store %s to %d[%i, %i], predicate = %p : memref<64x64xf16, 3> -> !tmaA
  %da = nvgpu.warpgroup.generate.descriptor %s, %d : memref<64x64xf16, 3>, !tmaA -> !nvgpu.warpgroup.descriptor<tensor = memref<64x16xf16, 3>>
  %acc = nvgpu.warpgroup.mma.init.accumulator -> !acc
  %db = nvgpu.warpgroup.generate.descriptor %s, %d : memref<64x64xf16, 3>, !tmaA -> !nvgpu.warpgroup.descriptor<tensor = memref<16x128xf16, 3>>
  %r = nvgpu.warpgroup.mma %da, %db, %acc {waitGroup = 2} : !nvgpu.warpgroup.descriptor<tensor = memref<64x16xf16, 3>>, !nvgpu.warpgroup.descriptor<tensor = memref<16x128xf16, 3>>, !acc -> !acc
  nvgpu.warpgroup.mma.store %r, %out : !acc to memref<64x128xf32, 3>
  %rc = nvgpu.rcp %v {rounding = approx, ftz} : vector<4x4xf32>
  return
}
