// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC
// NO-DIFF: Strata's extension of nvgpu, which mlir-opt-22 does not know.

// A product with operand A in registers: each of the 128 threads holds
// 64x32/128 = 16 elements of A (eight pairs) and 64x64/128 = 32 of the
// accumulator. The second product's group may stay in flight, to be
// waited for later (waitGroup, as wgmma.wait_group's count).

// CHECK-LABEL: func.func @mma_rs
// CHECK: %0 = nvgpu.warpgroup.mma.rs %arg0, %arg1, %arg2 {transposeB} : vector<8x2xbf16>, <tensor = memref<32x64xbf16, #gpu.address_space<workgroup>>>, vector<8x2x2xf32> -> vector<8x2x2xf32>
// GENERIC: "nvgpu.warpgroup.mma.rs"(%arg0, %arg1, %arg2) <{transposeB}> : (vector<8x2xbf16>, !nvgpu.warpgroup.descriptor<tensor = memref<32x64xbf16, #gpu.address_space<workgroup>>>, vector<8x2x2xf32>) -> vector<8x2x2xf32>
// CHECK: %1 = nvgpu.warpgroup.mma.rs %arg0, %arg1, %0 {waitGroup = 1 : i64} : vector<8x2xbf16>
// GENERIC: "nvgpu.warpgroup.mma.rs"(%arg0, %arg1, %0) <{waitGroup = 1 : i64}>
func.func @mma_rs(%a: vector<8x2xbf16>, %b: !nvgpu.warpgroup.descriptor<tensor = memref<32x64xbf16, #gpu.address_space<workgroup>>>, %c: vector<8x2x2xf32>) -> vector<8x2x2xf32> {
  %d = nvgpu.warpgroup.mma.rs %a, %b, %c {transposeB} : vector<8x2xbf16>, !nvgpu.warpgroup.descriptor<tensor = memref<32x64xbf16, #gpu.address_space<workgroup>>>, vector<8x2x2xf32> -> vector<8x2x2xf32>
  %e = nvgpu.warpgroup.mma.rs %a, %b, %d {waitGroup = 1 : i64} : vector<8x2xbf16>, !nvgpu.warpgroup.descriptor<tensor = memref<32x64xbf16, #gpu.address_space<workgroup>>>, vector<8x2x2xf32> -> vector<8x2x2xf32>
  return %e : vector<8x2x2xf32>
}
