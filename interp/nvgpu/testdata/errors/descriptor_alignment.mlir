// A wgmma descriptor of a matrix that starts 128 bytes into shared
// memory, where the 128-byte swizzle of its tensor map needs 1024.
!map = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
module {
  memref.global "private" @s : memref<8256xf16, 3>
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %A = memref.alloc() : memref<64x64xf16>
    %uA = memref.cast %A : memref<64x64xf16> to memref<*xf16>
    %m = nvgpu.tma.create.descriptor %uA box[%c64, %c64] : memref<*xf16> -> !map
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
      %s = memref.get_global @s : memref<8256xf16, 3>
      %v = memref.reinterpret_cast %s to offset: [64], sizes: [64, 64], strides: [64, 1] : memref<8256xf16, 3> to memref<64x64xf16, strided<[64, 1], offset: 64>, 3>
      %d = nvgpu.warpgroup.generate.descriptor %v, %m : memref<64x64xf16, strided<[64, 1], offset: 64>, 3>, !map -> !nvgpu.warpgroup.descriptor<tensor = memref<64x64xf16, 3>>
      gpu.terminator
    }
    return
  }
}
// CHECK: descriptor_alignment.mlir:17:12: error: the matrix starts at byte 128 of shared memory, not aligned to the 1024 bytes its swizzle needs
// CHECK: descriptor_alignment.mlir:13:5: note: in thread (0, 0, 0) of block (0, 0, 0) of the kernel launched here
