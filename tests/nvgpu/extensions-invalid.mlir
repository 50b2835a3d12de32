// RUN: strata-opt --split-input-file --verify-diagnostics %s

// The register budget of setmaxnreg is PTX's: 24 to 256, a multiple of 8.

func.func @too_few_registers() {
  // expected-error @below {{'nvgpu.setmaxnreg' op new register size must be in between 24 to 256 and multiple of 8}}
  nvgpu.setmaxnreg increase 20
  return
}

// -----

func.func @unaligned_registers() {
  // expected-error @below {{'nvgpu.setmaxnreg' op new register size must be in between 24 to 256 and multiple of 8}}
  "nvgpu.setmaxnreg"() <{action = #nvgpu<reg_action decrease>, regCount = 100 : i32}> : () -> ()
  return
}

// -----

func.func @unknown_action() {
  // expected-error @below {{expected register reallocation action to be one of: increase, decrease}}
  nvgpu.setmaxnreg grow 32
  return
}

// -----

// Each of the 128 threads of a warpgroup holds 64x128/128 = 64 elements.

func.func @registers_count(%acc: !nvgpu.warpgroup.accumulator<fragmented = vector<64x128xf32>>) {
  // expected-error @below {{'nvgpu.warpgroup.mma.registers' op has 32 registers, but each of the 128 threads of a warpgroup holds 64 elements of a 64x128 accumulator}}
  %r = nvgpu.warpgroup.mma.registers %acc : !nvgpu.warpgroup.accumulator<fragmented = vector<64x128xf32>> -> vector<8x2x2xf32>
  return
}

// -----

func.func @registers_type(%acc: !nvgpu.warpgroup.accumulator<fragmented = vector<64x64xf32>>) {
  // expected-error @below {{'nvgpu.warpgroup.mma.registers' op has registers of f16 for an accumulator of f32}}
  %r = nvgpu.warpgroup.mma.registers %acc : !nvgpu.warpgroup.accumulator<fragmented = vector<64x64xf32>> -> vector<8x2x2xf16>
  return
}

// -----

// Each of the 128 threads holds 64x32/128 = 16 elements of A.

func.func @rs_fragment(%a: vector<4x2xbf16>, %b: !nvgpu.warpgroup.descriptor<tensor = memref<32x64xbf16, #gpu.address_space<workgroup>>>, %c: vector<8x2x2xf32>) {
  // expected-error @below {{'nvgpu.warpgroup.mma.rs' op has 8 elements of A, but each of the 128 threads of a warpgroup holds 16 of a 64x32 operand}}
  %d = nvgpu.warpgroup.mma.rs %a, %b, %c : vector<4x2xbf16>, !nvgpu.warpgroup.descriptor<tensor = memref<32x64xbf16, #gpu.address_space<workgroup>>>, vector<8x2x2xf32> -> vector<8x2x2xf32>
  return
}

// -----

func.func @rs_wait_group(%a: vector<8x2xbf16>, %b: !nvgpu.warpgroup.descriptor<tensor = memref<32x64xbf16, #gpu.address_space<workgroup>>>, %c: vector<8x2x2xf32>) {
  // expected-error @below {{'nvgpu.warpgroup.mma.rs' op expects a waitGroup of at least 0, got -1}}
  %d = nvgpu.warpgroup.mma.rs %a, %b, %c {waitGroup = -1 : i64} : vector<8x2xbf16>, !nvgpu.warpgroup.descriptor<tensor = memref<32x64xbf16, #gpu.address_space<workgroup>>>, vector<8x2x2xf32> -> vector<8x2x2xf32>
  return
}

// -----

func.func @rs_accumulator(%a: vector<8x2xbf16>, %b: !nvgpu.warpgroup.descriptor<tensor = memref<32x64xbf16, #gpu.address_space<workgroup>>>, %c: vector<4x2x2xf32>) {
  // expected-error @below {{'nvgpu.warpgroup.mma.rs' op has 16 accumulators, but each of the 128 threads of a warpgroup holds 32 of a 64x64 accumulator}}
  %d = nvgpu.warpgroup.mma.rs %a, %b, %c : vector<8x2xbf16>, !nvgpu.warpgroup.descriptor<tensor = memref<32x64xbf16, #gpu.address_space<workgroup>>>, vector<4x2x2xf32> -> vector<4x2x2xf32>
  return
}

// -----

func.func @rs_type(%a: vector<8x2xf16>, %b: !nvgpu.warpgroup.descriptor<tensor = memref<32x64xbf16, #gpu.address_space<workgroup>>>, %c: vector<8x2x2xf32>) {
  // expected-error @below {{'nvgpu.warpgroup.mma.rs' op expects operand A in pairs of 16-bit bf16}}
  %d = nvgpu.warpgroup.mma.rs %a, %b, %c : vector<8x2xf16>, !nvgpu.warpgroup.descriptor<tensor = memref<32x64xbf16, #gpu.address_space<workgroup>>>, vector<8x2x2xf32> -> vector<8x2x2xf32>
  return
}

// -----

func.func @ss_rows(%a: !nvgpu.warpgroup.descriptor<tensor = memref<128x32xbf16, #gpu.address_space<workgroup>>>, %b: !nvgpu.warpgroup.descriptor<tensor = memref<32x64xbf16, #gpu.address_space<workgroup>>>, %c: vector<8x2x2xf32>) {
  // expected-error @below {{'nvgpu.warpgroup.mma.ss' op expects a 64xK A and a KxN B of one 16-bit type, K a multiple of 16}}
  %d = nvgpu.warpgroup.mma.ss %a, %b, %c : !nvgpu.warpgroup.descriptor<tensor = memref<128x32xbf16, #gpu.address_space<workgroup>>>, !nvgpu.warpgroup.descriptor<tensor = memref<32x64xbf16, #gpu.address_space<workgroup>>>, vector<8x2x2xf32> -> vector<8x2x2xf32>
  return
}

// -----

func.func @ss_accumulator(%a: !nvgpu.warpgroup.descriptor<tensor = memref<64x32xbf16, #gpu.address_space<workgroup>>>, %b: !nvgpu.warpgroup.descriptor<tensor = memref<32x64xbf16, #gpu.address_space<workgroup>>>, %c: vector<4x2x2xf32>) {
  // expected-error @below {{'nvgpu.warpgroup.mma.ss' op has 16 accumulators, but each of the 128 threads of a warpgroup holds 32 of a 64x64 accumulator}}
  %d = nvgpu.warpgroup.mma.ss %a, %b, %c : !nvgpu.warpgroup.descriptor<tensor = memref<64x32xbf16, #gpu.address_space<workgroup>>>, !nvgpu.warpgroup.descriptor<tensor = memref<32x64xbf16, #gpu.address_space<workgroup>>>, vector<4x2x2xf32> -> vector<4x2x2xf32>
  return
}

// -----

// The rank of nvgpu.mbarrier.arrive.cluster is an index, and its barriers
// an mbarrier group.

func.func @cluster_arrive_rank(%bars: !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>, %s: index, %r: i32) {
  // expected-error @below {{'nvgpu.mbarrier.arrive.cluster' op operand #2 must be index, but got 'i32'}}
  "nvgpu.mbarrier.arrive.cluster"(%bars, %s, %r) : (!nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>, index, i32) -> ()
  return
}

// -----

func.func @cluster_arrive_barriers(%s: index) {
  // expected-error @below {{'nvgpu.mbarrier.arrive.cluster' op operand #0 must be}}
  "nvgpu.mbarrier.arrive.cluster"(%s, %s, %s) : (index, index, index) -> ()
  return
}
