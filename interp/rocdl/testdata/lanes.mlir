// The cross-lane operations of rocdl on one wavefront of 64 lanes (a
// gpu.module for gfx942), lane l holding l; the expected rows follow the
// CDNA3 ISA's definitions of mbcnt, ds_swizzle, ds_bpermute, readlane,
// readfirstlane and DPP, computed independently of the interpreter.
module attributes {gpu.container_module} {
  func.func private @printMemrefI32(memref<*xi32>)
  gpu.module @k [#rocdl.target<chip = "gfx942">] {
    gpu.func @lanes(%out: memref<10x64xi32>) kernel {
      %all = arith.constant -1 : i32
      %c0i = arith.constant 0 : i32
      %lo = rocdl.mbcnt.lo %all, %c0i : (i32, i32) -> i32
      %l = rocdl.mbcnt.hi %all, %lo : (i32, i32) -> i32
      %li = arith.index_cast %l : i32 to index
      %xor1 = arith.constant 1055 : i32
      %s1 = rocdl.ds_swizzle %l, %xor1 : (i32, i32) -> i32
      %quad = arith.constant 32795 : i32
      %s2 = rocdl.ds_swizzle %l, %quad : (i32, i32) -> i32
      %c5 = arith.constant 5 : i32
      %c63 = arith.constant 63 : i32
      %c4 = arith.constant 4 : i32
      %l5 = arith.addi %l, %c5 : i32
      %l5m = arith.andi %l5, %c63 : i32
      %idx = arith.muli %l5m, %c4 : i32
      %p = rocdl.ds_bpermute %idx, %l : (i32, i32) -> i32
      %c7 = arith.constant 7 : i32
      %l7 = arith.addi %l, %c7 : i32
      %first = rocdl.readfirstlane %l7 : i32
      %shr = rocdl.update.dpp %all, %l with 273, 15, 15, false : i32
      %shl = rocdl.update.dpp %all, %l with 258, 15, 15, true : i32
      %qp = rocdl.update.dpp %all, %l with 177, 15, 15, false : i32
      %c2 = arith.constant 2 : i32
      %c9 = arith.constant 9 : i32
      %l2 = arith.muli %l, %c2 : i32
      %rl = rocdl.readlane %l2, %c9 : (i32, i32) -> i32
      %ws = rocdl.wavefrontsize : i32
      %r0 = arith.constant 0 : index
      %r1 = arith.constant 1 : index
      %r2 = arith.constant 2 : index
      %r3 = arith.constant 3 : index
      %r4 = arith.constant 4 : index
      %r5 = arith.constant 5 : index
      %r6 = arith.constant 6 : index
      %r7 = arith.constant 7 : index
      %r8 = arith.constant 8 : index
      %r9 = arith.constant 9 : index
      memref.store %l, %out[%r0, %li] : memref<10x64xi32>
      memref.store %s1, %out[%r1, %li] : memref<10x64xi32>
      memref.store %s2, %out[%r2, %li] : memref<10x64xi32>
      memref.store %p, %out[%r3, %li] : memref<10x64xi32>
      memref.store %first, %out[%r4, %li] : memref<10x64xi32>
      memref.store %shr, %out[%r5, %li] : memref<10x64xi32>
      memref.store %shl, %out[%r6, %li] : memref<10x64xi32>
      memref.store %qp, %out[%r7, %li] : memref<10x64xi32>
      memref.store %rl, %out[%r8, %li] : memref<10x64xi32>
      memref.store %ws, %out[%r9, %li] : memref<10x64xi32>
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %m = memref.alloc() : memref<10x64xi32>
    gpu.launch_func @k::@lanes blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%m : memref<10x64xi32>)
    %u = memref.cast %m : memref<10x64xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
// CHECK: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63]
// CHECK: [1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14, 17, 16, 19, 18, 21, 20, 23, 22, 25, 24, 27, 26, 29, 28, 31, 30, 33, 32, 35, 34, 37, 36, 39, 38, 41, 40, 43, 42, 45, 44, 47, 46, 49, 48, 51, 50, 53, 52, 55, 54, 57, 56, 59, 58, 61, 60, 63, 62]
// CHECK: [3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12, 19, 18, 17, 16, 23, 22, 21, 20, 27, 26, 25, 24, 31, 30, 29, 28, 35, 34, 33, 32, 39, 38, 37, 36, 43, 42, 41, 40, 47, 46, 45, 44, 51, 50, 49, 48, 55, 54, 53, 52, 59, 58, 57, 56, 63, 62, 61, 60]
// CHECK: [5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 0, 1, 2, 3, 4]
// CHECK: [7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7]
// CHECK: [-1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, -1, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, -1, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, -1, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62]
// CHECK: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0, 0, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 0, 0, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 0, 0, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 0, 0]
// CHECK: [1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14, 17, 16, 19, 18, 21, 20, 23, 22, 25, 24, 27, 26, 29, 28, 31, 30, 33, 32, 35, 34, 37, 36, 39, 38, 41, 40, 43, 42, 45, 44, 47, 46, 49, 48, 51, 50, 53, 52, 55, 54, 57, 56, 59, 58, 61, 60, 63, 62]
// CHECK: [18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18, 18]
// CHECK: [64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64]
