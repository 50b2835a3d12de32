// RUN: strata-opt -convert-amdgpu-to-rocdl=chipset=gfx942 %s | FileCheck %s

// The MFMA shapes the tile kernels use, the memory counter waits and
// scheduling barriers of a software pipeline, and a bitmode swizzle of a
// value wider than a dword, lowered for gfx942.

// CHECK-LABEL: func @mfma
func.func @mfma(%h: vector<4xf16>, %b: vector<4xbf16>, %i: vector<8xi8>, %f: vector<8xf8E4M3FNUZ>, %c4: vector<4xf32>, %c16: vector<16xf32>, %ci: vector<4xi32>) -> (vector<4xf32>, vector<16xf32>, vector<4xi32>, vector<4xf32>) {
  // CHECK: %[[F8:.*]] = builtin.unrealized_conversion_cast %{{.*}} : vector<8xf8E4M3FNUZ> to vector<8xi8>
  // CHECK: rocdl.mfma.f32.16x16x16f16 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %0 = amdgpu.mfma 16x16x16 %h * %h + %c4 blgp = none : vector<4xf16>, vector<4xf16>, vector<4xf32>
  // CHECK: llvm.bitcast %{{.*}} : vector<4xbf16> to vector<4xi16>
  // CHECK: rocdl.mfma.f32.32x32x8bf16.1k
  %1 = amdgpu.mfma 32x32x8 %b * %b + %c16 blgp = none : vector<4xbf16>, vector<4xbf16>, vector<16xf32>
  // CHECK: llvm.bitcast %{{.*}} : vector<8xi8> to i64
  // CHECK: rocdl.mfma.i32.16x16x32.i8
  %2 = amdgpu.mfma 16x16x32 %i * %i + %ci blgp = none : vector<8xi8>, vector<8xi8>, vector<4xi32>
  // CHECK: llvm.bitcast %[[F8]] : vector<8xi8> to i64
  // CHECK: rocdl.mfma.f32.16x16x32.fp8.fp8
  %3 = amdgpu.mfma 16x16x32 %f * %f + %c4 { abid = 1 : i32, cbsz = 1 : i32 } blgp = bcast_second_32 : vector<8xf8E4M3FNUZ>, vector<8xf8E4M3FNUZ>, vector<4xf32>
  return %0, %1, %2, %3 : vector<4xf32>, vector<16xf32>, vector<4xi32>, vector<4xf32>
}

// CHECK-LABEL: func @waits
func.func @waits() {
  // CHECK: rocdl.s.waitcnt 3952
  amdgpu.memory_counter_wait load(0)
  // CHECK: rocdl.s.waitcnt 49279
  amdgpu.memory_counter_wait ds(0)
  // CHECK: rocdl.s.waitcnt 49247
  amdgpu.memory_counter_wait load(80) store(16) ds(0) exp(5)
  // CHECK: rocdl.sched.barrier 18
  amdgpu.sched_barrier allow = <valu|all_vmem>
  return
}

// CHECK-LABEL: func @swizzle
func.func @swizzle(%v: vector<4xf16>) -> vector<4xf16> {
  // CHECK: llvm.bitcast %{{.*}} : vector<4xf16> to vector<2xi32>
  // CHECK-COUNT-2: rocdl.ds_swizzle %{{.*}}, %{{.*}} : (i32, i32) -> i32
  // CHECK: llvm.bitcast %{{.*}} : vector<2xi32> to vector<4xf16>
  %0 = amdgpu.swizzle_bitmode %v 31 0 1 : vector<4xf16>
  return %0 : vector<4xf16>
}

// Buffer accesses: the resource covers the memref's bytes (the largest
// size times stride), so accesses past a ragged edge read zero and drop
// their writes in hardware.
// CHECK-LABEL: func @buffers
func.func @buffers(%m: memref<?x72xf16, strided<[?, 1], offset: ?>>, %out: memref<100xf32>, %i: i32, %j: i32, %v: vector<4xf32>) -> vector<4xf16> {
  // CHECK: llvm.intr.umax
  // CHECK: rocdl.make.buffer.rsrc %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : !llvm.ptr to <8>
  // CHECK: rocdl.raw.ptr.buffer.load %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : vector<2xi32>
  // CHECK: llvm.bitcast %{{.*}} : vector<2xi32> to vector<4xf16>
  %0 = amdgpu.raw_buffer_load %m[%i, %j] : memref<?x72xf16, strided<[?, 1], offset: ?>>, i32, i32 -> vector<4xf16>
  // CHECK: llvm.mlir.constant(400 : i64) : i64
  // CHECK: rocdl.raw.ptr.buffer.store %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : vector<4xf32>
  amdgpu.raw_buffer_store %v -> %out[%i] sgprOffset %j : vector<4xf32> -> memref<100xf32>, i32
  return %0 : vector<4xf16>
}
