// amdgpu.gather_to_lds on one wave of 64 lanes: lane l loads element
// [l, 3] of a 64x8 f32 array, and the wave writes the 64 values to LDS
// in lane order from the first lane's destination index; with i16
// transfers each lane's value is padded with zeros to 4 bytes. The
// kernel then reads LDS back in reverse (f32) and in order (i16). The
// expected numbers follow from the definition: out[t] = 8 (63 - t) + 3,
// out16[2k] = 64 + k and out16[2k + 1] = 0.
//
// CHECK: Unranked Memref
// CHECK: [507,  499,  491,  483,  475,  467,  459,  451,  443,  435,  427,  419,  411,  403,  395,  387,  379,  371,  363,  355,  347,  339,  331,  323,  315,  307,  299,  291,  283,  275,  267,  259,  251,  243,  235,  227,  219,  211,  203,  195,  187,  179,  171,  163,  155,  147,  139,  131,  123,  115,  107,  99,  91,  83,  75,  67,  59,  51,  43,  35,  27,  19,  11,  3]
// CHECK: Unranked Memref
// CHECK: [64,  0,  65,  0,  66,  0,  67,  0,  68,  0,  69,  0,  70,  0,  71,  0,  72,  0,  73,  0,  74,  0,  75,  0,  76,  0,  77,  0,  78,  0,  79,  0,  80,  0,  81,  0,  82,  0,  83,  0,  84,  0,  85,  0,  86,  0,  87,  0,  88,  0,  89,  0,  90,  0,  91,  0,  92,  0,  93,  0,  94,  0,  95,  0]

module attributes {gpu.container_module} {
  gpu.module @k [#rocdl.target<chip = "gfx942">] {
    gpu.func @g(%gs: memref<64x8xf32, #gpu.address_space<global>>, %gs16: memref<64xi16, #gpu.address_space<global>>, %o: memref<64xf32>, %o16: memref<64xi16>)
        workgroup(%lds: memref<64xf32, #gpu.address_space<workgroup>>, %lds16: memref<128xi16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c3 = arith.constant 3 : index
      %c63 = arith.constant 63 : index
      %t = gpu.thread_id x
      amdgpu.gather_to_lds %gs[%t, %c3], %lds[%c0] : f32, memref<64x8xf32, #gpu.address_space<global>>, memref<64xf32, #gpu.address_space<workgroup>>
      amdgpu.gather_to_lds %gs16[%t], %lds16[%c0] : i16, memref<64xi16, #gpu.address_space<global>>, memref<128xi16, #gpu.address_space<workgroup>>
      gpu.barrier
      %r = arith.subi %c63, %t : index
      %v = memref.load %lds[%r] : memref<64xf32, #gpu.address_space<workgroup>>
      memref.store %v, %o[%t] : memref<64xf32>
      %w = memref.load %lds16[%t] : memref<128xi16, #gpu.address_space<workgroup>>
      memref.store %w, %o16[%t] : memref<64xi16>
      gpu.return
    }
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func private @printMemrefI16(memref<*xi16>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %s = memref.alloc() : memref<64x8xf32>
    %s16 = memref.alloc() : memref<64xi16>
    %o = memref.alloc() : memref<64xf32>
    %o16 = memref.alloc() : memref<64xi16>
    scf.for %i = %c0 to %c64 step %c1 {
      scf.for %j = %c0 to %c8 step %c1 {
        %a = arith.muli %i, %c8 : index
        %b = arith.addi %a, %j : index
        %bi = arith.index_cast %b : index to i32
        %bf = arith.sitofp %bi : i32 to f32
        memref.store %bf, %s[%i, %j] : memref<64x8xf32>
      }
      %x = arith.addi %i, %c64 : index
      %xi = arith.index_cast %x : index to i16
      memref.store %xi, %s16[%i] : memref<64xi16>
    }
    %gs = memref.memory_space_cast %s : memref<64x8xf32> to memref<64x8xf32, #gpu.address_space<global>>
    %gs16 = memref.memory_space_cast %s16 : memref<64xi16> to memref<64xi16, #gpu.address_space<global>>
    gpu.launch_func @k::@g blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%gs : memref<64x8xf32, #gpu.address_space<global>>, %gs16 : memref<64xi16, #gpu.address_space<global>>, %o : memref<64xf32>, %o16 : memref<64xi16>)
    %u = memref.cast %o : memref<64xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    %u16 = memref.cast %o16 : memref<64xi16> to memref<*xi16>
    call @printMemrefI16(%u16) : (memref<*xi16>) -> ()
    return
  }
}
