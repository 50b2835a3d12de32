// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// Round trip of the amdgpu operations the upstream conformance tests leave
// out: fat raw buffer casts with every option, the gfx1250 tensor DMA
// descriptors and copies, scaled WMMA and scaled extension of matrices,
// and mfma created in generic form without its blgp.

func.func @fat_cast(%m: memref<8xi32, strided<[1], offset: ?>>, %n: i64, %s: i14) -> memref<8xi32, #amdgpu.address_space<fat_raw_buffer>> {
  // CHECK: amdgpu.fat_raw_buffer_cast %{{.*}} validBytes(%{{.*}}) cacheSwizzleStride(%{{.*}}) boundsCheck(false) resetOffset : memref<8xi32, strided<[1], offset: ?>> to memref<8xi32, #amdgpu.address_space<fat_raw_buffer>>
  // GENERIC: "amdgpu.fat_raw_buffer_cast"(%{{.*}}, %{{.*}}, %{{.*}}) <{boundsCheck = false, operandSegmentSizes = array<i32: 1, 1, 1>, resetOffset}>
  %0 = amdgpu.fat_raw_buffer_cast %m validBytes(%n) cacheSwizzleStride(%s) boundsCheck(false) resetOffset : memref<8xi32, strided<[1], offset: ?>> to memref<8xi32, #amdgpu.address_space<fat_raw_buffer>>
  return %0 : memref<8xi32, #amdgpu.address_space<fat_raw_buffer>>
}

func.func @tdm(%idx: index, %g: memref<8x8xi32, #gpu.address_space<global>>, %l: memref<8x8xi32, #gpu.address_space<workgroup>>, %i: i32, %mask: vector<16xi1>, %e: i1, %ind: vector<4xi16>, %bar: memref<8xi64, #gpu.address_space<workgroup>>) {
  // CHECK: %[[B:.*]] = amdgpu.make_dma_base %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}}[%{{.*}}, %{{.*}}] : memref<8x8xi32, #gpu.address_space<global>>, memref<8x8xi32, #gpu.address_space<workgroup>> -> !amdgpu.tdm_base<i32>
  %b = amdgpu.make_dma_base %g[%idx, %idx], %l[%idx, %idx] : memref<8x8xi32, #gpu.address_space<global>>, memref<8x8xi32, #gpu.address_space<workgroup>> -> !amdgpu.tdm_base<i32>
  // CHECK: %[[D:.*]] = amdgpu.make_dma_descriptor %[[B]] globalSize [%{{.*}}, 8] globalStride [8, 1] sharedSize [8, 8] padShared(%{{.*}} every %{{.*}}) workgroupMask %{{.*}} earlyTimeout %{{.*}} : !amdgpu.tdm_base<i32> -> !amdgpu.tdm_descriptor
  // GENERIC: "amdgpu.make_dma_descriptor"({{.*}}) <{global_static_sizes = array<i64: -9223372036854775808, 8>, global_static_strides = array<i64: 8, 1>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0, 0>, shared_static_sizes = array<i64: 8, 8>}>
  %d = amdgpu.make_dma_descriptor %b globalSize [%idx, 8] globalStride [8, 1] sharedSize [8, 8] padShared(%i every %i) workgroupMask %mask earlyTimeout %e : !amdgpu.tdm_base<i32> -> !amdgpu.tdm_descriptor
  // CHECK: amdgpu.make_dma_descriptor %[[B]] globalSize [8, 8] globalStride [8, 1] sharedSize [8, 8] atomicBarrier(%{{.*}}[%{{.*}}] : memref<8xi64, #gpu.address_space<workgroup>>) iterate %{{.*}}, %{{.*}}, %{{.*}} : !amdgpu.tdm_base<i32> -> !amdgpu.tdm_descriptor
  %d2 = amdgpu.make_dma_descriptor %b globalSize [8, 8] globalStride [8, 1] sharedSize [8, 8] atomicBarrier(%bar[%idx] : memref<8xi64, #gpu.address_space<workgroup>>) iterate %idx, %i, %idx : !amdgpu.tdm_base<i32> -> !amdgpu.tdm_descriptor
  // CHECK: amdgpu.tensor_load_to_lds %[[D]] : !amdgpu.tdm_descriptor
  amdgpu.tensor_load_to_lds %d : !amdgpu.tdm_descriptor
  // CHECK: amdgpu.tensor_store_from_lds %[[D]] : !amdgpu.tdm_descriptor
  amdgpu.tensor_store_from_lds %d : !amdgpu.tdm_descriptor
  // CHECK: amdgpu.make_gather_dma_base {{.*}} -> !amdgpu.tdm_gather_base<i32, i16>
  %gb = amdgpu.make_gather_dma_base %g[%idx, %idx], %l[%idx, %idx] : memref<8x8xi32, #gpu.address_space<global>>, memref<8x8xi32, #gpu.address_space<workgroup>> -> !amdgpu.tdm_gather_base<i32, i16>
  // CHECK: amdgpu.make_gather_dma_descriptor %{{.*}}[%{{.*}}] globalSize [8, 8] globalStride [8, 1] sharedSize [8, 8] : !amdgpu.tdm_gather_base<i32, i16>, vector<4xi16> -> !amdgpu.tdm_descriptor
  %gd = amdgpu.make_gather_dma_descriptor %gb[%ind] globalSize [8, 8] globalStride [8, 1] sharedSize [8, 8] : !amdgpu.tdm_gather_base<i32, i16>, vector<4xi16> -> !amdgpu.tdm_descriptor
  return
}

func.func @scaled(%a: vector<64xf8E4M3FN>, %sa: vector<4xf8E8M0FNU>, %c: vector<8xf32>, %x: vector<8xf8E4M3FN>) -> (vector<8xf32>, vector<8xf32>) {
  // CHECK: amdgpu.scaled_wmma 16x16x128 (%{{.*}} * %{{.*}}) * (%{{.*}} * %{{.*}}) + %{{.*}} {a_first_scale_lane = 0 : i32, b_first_scale_lane = 16 : i32} : vector<4xf8E8M0FNU>, vector<64xf8E4M3FN>, vector<4xf8E8M0FNU>, vector<64xf8E4M3FN>, vector<8xf32>
  %0 = amdgpu.scaled_wmma 16x16x128 (%sa * %a) * (%sa * %a) + %c {a_first_scale_lane = 0 : i32, b_first_scale_lane = 16 : i32} : vector<4xf8E8M0FNU>, vector<64xf8E4M3FN>, vector<4xf8E8M0FNU>, vector<64xf8E4M3FN>, vector<8xf32>
  // CHECK: amdgpu.scaled_ext_packed_matrix %{{.*}} scale(%{{.*}}) blockSize(32) firstScaleLane(0) firstScaleByte(3) : vector<8xf8E4M3FN>, vector<4xf8E8M0FNU> -> vector<8xf32>
  %1 = amdgpu.scaled_ext_packed_matrix %x scale(%sa) blockSize(32) firstScaleLane(0) firstScaleByte(3) : vector<8xf8E4M3FN>, vector<4xf8E8M0FNU> -> vector<8xf32>
  return %0, %1 : vector<8xf32>, vector<8xf32>
}

func.func @mfma_default_blgp(%a: f32, %c: vector<4xf32>) -> vector<4xf32> {
  // CHECK: amdgpu.mfma 4x4x1 %{{.*}} * %{{.*}} + %{{.*}} {blocks = 16 : i32} blgp =  none : f32, f32, vector<4xf32>
  // GENERIC: "amdgpu.mfma"({{.*}}) <{abid = 0 : i32, blgp = #amdgpu<mfma_perm_b none>, blocks = 16 : i32, cbsz = 0 : i32, k = 1 : i32, m = 4 : i32, n = 4 : i32}>
  %0 = "amdgpu.mfma"(%a, %a, %c) <{m = 4 : i32, n = 4 : i32, k = 1 : i32, blocks = 16 : i32}> : (f32, f32, vector<4xf32>) -> vector<4xf32>
  return %0 : vector<4xf32>
}
