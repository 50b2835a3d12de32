// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// Round trip of every nvgpu operation and type: async copies and groups,
// mbarrier groups, TMA descriptors and copies, warpgroup descriptors,
// accumulators and mma, rcp.

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

// CHECK-LABEL: func.func @all
// CHECK: %0 = nvgpu.device_async_copy %arg0[%arg2, %arg2], %arg1[%arg2, %arg2], 8, %arg2 : memref<16x16xf16> to memref<64x64xf16, 3>
// CHECK: %1 = nvgpu.device_async_create_group %0, %0
// CHECK: nvgpu.device_async_wait %1
// CHECK: %2 = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
// CHECK: %3 = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>>
// CHECK: nvgpu.mbarrier.init %2[%arg2], %arg2, predicate = %arg3 : <memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
// CHECK: %4 = nvgpu.mbarrier.arrive %2[%arg2] : <memorySpace = #gpu.address_space<workgroup>, num_barriers = 4> -> !nvgpu.mbarrier.token
// CHECK: %5 = nvgpu.mbarrier.arrive.nocomplete %2[%arg2], %arg2 : <memorySpace = #gpu.address_space<workgroup>, num_barriers = 4> -> !nvgpu.mbarrier.token
// CHECK: nvgpu.mbarrier.arrive.expect_tx %2[%arg2], %arg2 : <memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
// CHECK: nvgpu.mbarrier.arrive.expect_tx %2[%arg2], %arg2, predicate = %arg3 : <memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
// CHECK: %6 = nvgpu.mbarrier.test.wait %2[%arg2], %arg4 : <memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>, !nvgpu.mbarrier.token
// CHECK: nvgpu.mbarrier.try_wait.parity %2[%arg2], %arg3, %arg2 : <memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
// CHECK: %7 = nvgpu.mbarrier.get %2[%arg2] : <memorySpace = #gpu.address_space<workgroup>, num_barriers = 4> -> i32
// CHECK: %8 = nvgpu.tma.create.descriptor %arg5 box[%arg2, %arg2] : memref<*xf16> -> <tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
// CHECK: nvgpu.tma.fence.descriptor %8 : <tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
// CHECK: nvgpu.tma.prefetch.descriptor %8, predicate = %arg3 : <tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
// CHECK: nvgpu.tma.async.load %8[%arg2, %arg2], %2[%arg2] to %arg1 multicast_mask = %arg7, predicate = %arg3 : <tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>, <memorySpace = #gpu.address_space<workgroup>, num_barriers = 4> -> memref<64x64xf16, 3>
// CHECK: nvgpu.tma.async.store %arg1 to %8[%arg2, %arg2], predicate = %arg3 : memref<64x64xf16, 3> -> <tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
// CHECK: %9 = nvgpu.warpgroup.generate.descriptor %arg1, %8 : memref<64x64xf16, 3>, <tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none> -> <tensor = memref<64x16xf16, 3>>
// CHECK: %10 = nvgpu.warpgroup.mma.init.accumulator -> <fragmented = vector<64x128xf32>>
// CHECK: %11 = nvgpu.warpgroup.generate.descriptor %arg1, %8 : memref<64x64xf16, 3>, <tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none> -> <tensor = memref<16x128xf16, 3>>
// CHECK: %12 = nvgpu.warpgroup.mma %9, %11, %10 {waitGroup = 2 : i64} : <tensor = memref<64x16xf16, 3>>, <tensor = memref<16x128xf16, 3>>, <fragmented = vector<64x128xf32>> -> <fragmented = vector<64x128xf32>>
// CHECK: nvgpu.warpgroup.mma.store %12, %arg8 : <fragmented = vector<64x128xf32>> to memref<64x128xf32, 3>
// CHECK: %13 = nvgpu.rcp %arg6{rounding =  approx, ftz} : vector<4x4xf32>

// GENERIC: %0 = "nvgpu.device_async_copy"(%arg1, %arg2, %arg2, %arg0, %arg2, %arg2, %arg2) <{dstElements = 8 : index, operandSegmentSizes = array<i32: 1, 2, 1, 2, 1>}> : (memref<64x64xf16, 3>, index, index, memref<16x16xf16>, index, index, index) -> !nvgpu.device.async.token
// GENERIC: %1 = "nvgpu.device_async_create_group"(%0, %0) : (!nvgpu.device.async.token, !nvgpu.device.async.token) -> !nvgpu.device.async.token
// GENERIC: "nvgpu.device_async_wait"(%1) : (!nvgpu.device.async.token) -> ()
// GENERIC: %2 = "nvgpu.mbarrier.create"() : () -> !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
// GENERIC: %3 = "nvgpu.mbarrier.create"() : () -> !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
// GENERIC: "nvgpu.mbarrier.init"(%2, %arg2, %arg2, %arg3) : (!nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>, index, index, i1) -> ()
// GENERIC: %4 = "nvgpu.mbarrier.arrive"(%2, %arg2) : (!nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>, index) -> !nvgpu.mbarrier.token
// GENERIC: %5 = "nvgpu.mbarrier.arrive.nocomplete"(%2, %arg2, %arg2) : (!nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>, index, index) -> !nvgpu.mbarrier.token
// GENERIC: "nvgpu.mbarrier.arrive.expect_tx"(%2, %arg2, %arg2) : (!nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>, index, index) -> ()
// GENERIC: "nvgpu.mbarrier.arrive.expect_tx"(%2, %arg2, %arg2, %arg3) : (!nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>, index, index, i1) -> ()
// GENERIC: %6 = "nvgpu.mbarrier.test.wait"(%2, %arg4, %arg2) : (!nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>, !nvgpu.mbarrier.token, index) -> i1
// GENERIC: "nvgpu.mbarrier.try_wait.parity"(%2, %arg3, %arg2, %arg2) : (!nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>, i1, index, index) -> ()
// GENERIC: %7 = "nvgpu.mbarrier.get"(%2, %arg2) : (!nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>, index) -> i32
// GENERIC: %8 = "nvgpu.tma.create.descriptor"(%arg5, %arg2, %arg2) : (memref<*xf16>, index, index) -> !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
// GENERIC: "nvgpu.tma.fence.descriptor"(%8) : (!nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>) -> ()
// GENERIC: "nvgpu.tma.prefetch.descriptor"(%8, %arg3) : (!nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>, i1) -> ()
// GENERIC: "nvgpu.tma.async.load"(%arg1, %2, %8, %arg2, %arg2, %arg2, %arg7, %arg3) <{operandSegmentSizes = array<i32: 1, 1, 1, 2, 1, 1, 1>}> : (memref<64x64xf16, 3>, !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>, !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>, index, index, index, i16, i1) -> ()
// GENERIC: "nvgpu.tma.async.store"(%arg1, %8, %arg2, %arg2, %arg3) <{operandSegmentSizes = array<i32: 1, 1, 2, 1>}> : (memref<64x64xf16, 3>, !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>, index, index, i1) -> ()
// GENERIC: %9 = "nvgpu.warpgroup.generate.descriptor"(%arg1, %8) : (memref<64x64xf16, 3>, !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>) -> !nvgpu.warpgroup.descriptor<tensor = memref<64x16xf16, 3>>
// GENERIC: %10 = "nvgpu.warpgroup.mma.init.accumulator"() : () -> !nvgpu.warpgroup.accumulator<fragmented = vector<64x128xf32>>
// GENERIC: %11 = "nvgpu.warpgroup.generate.descriptor"(%arg1, %8) : (memref<64x64xf16, 3>, !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>) -> !nvgpu.warpgroup.descriptor<tensor = memref<16x128xf16, 3>>
// GENERIC: %12 = "nvgpu.warpgroup.mma"(%9, %11, %10) <{waitGroup = 2 : i64}> : (!nvgpu.warpgroup.descriptor<tensor = memref<64x16xf16, 3>>, !nvgpu.warpgroup.descriptor<tensor = memref<16x128xf16, 3>>, !nvgpu.warpgroup.accumulator<fragmented = vector<64x128xf32>>) -> !nvgpu.warpgroup.accumulator<fragmented = vector<64x128xf32>>
// GENERIC: "nvgpu.warpgroup.mma.store"(%12, %arg8) : (!nvgpu.warpgroup.accumulator<fragmented = vector<64x128xf32>>, memref<64x128xf32, 3>) -> ()
// GENERIC: %13 = "nvgpu.rcp"(%arg6) <{ftz, rounding = #nvgpu<rcp_rounding_mode approx>}> : (vector<4x4xf32>) -> vector<4x4xf32>
