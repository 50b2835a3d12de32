// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC
// NO-DIFF: Strata's extension of nvgpu, which mlir-opt-22 does not know.

// A product of 64 rows with both operands in shared memory and the
// accumulator in registers: each of the 128 threads holds 64x64/128 = 32
// elements of the accumulator. The group may stay in flight (waitGroup).

// CHECK-LABEL: func.func @mma_ss
// CHECK: %0 = nvgpu.warpgroup.mma.ss %arg0, %arg1, %arg2 {waitGroup = 2 : i64} : <tensor = memref<64x32xbf16, #gpu.address_space<workgroup>>>, <tensor = memref<32x64xbf16, #gpu.address_space<workgroup>>>, vector<8x2x2xf32> -> vector<8x2x2xf32>
// GENERIC: "nvgpu.warpgroup.mma.ss"(%arg0, %arg1, %arg2) <{waitGroup = 2 : i64}> : (!nvgpu.warpgroup.descriptor<tensor = memref<64x32xbf16, #gpu.address_space<workgroup>>>, !nvgpu.warpgroup.descriptor<tensor = memref<32x64xbf16, #gpu.address_space<workgroup>>>, vector<8x2x2xf32>) -> vector<8x2x2xf32>
func.func @mma_ss(%a: !nvgpu.warpgroup.descriptor<tensor = memref<64x32xbf16, #gpu.address_space<workgroup>>>, %b: !nvgpu.warpgroup.descriptor<tensor = memref<32x64xbf16, #gpu.address_space<workgroup>>>, %c: vector<8x2x2xf32>) -> vector<8x2x2xf32> {
  %d = nvgpu.warpgroup.mma.ss %a, %b, %c {waitGroup = 2 : i64} : !nvgpu.warpgroup.descriptor<tensor = memref<64x32xbf16, #gpu.address_space<workgroup>>>, !nvgpu.warpgroup.descriptor<tensor = memref<32x64xbf16, #gpu.address_space<workgroup>>>, vector<8x2x2xf32> -> vector<8x2x2xf32>
  return %d : vector<8x2x2xf32>
}
