// A kernel reverses 64 values through a workgroup attribution, with a
// barrier between the writes and the reads; each thread keeps its value
// in a private attribution. Two blocks, each its own shared memory.
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @reverse(%in: memref<2x64xf32>, %out: memref<2x64xf32>)
        workgroup(%s : memref<64xf32, #gpu.address_space<workgroup>>)
        private(%p : memref<1xf32, #gpu.address_space<private>>) kernel {
      %b = gpu.block_id x
      %t = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c63 = arith.constant 63 : index
      %v = memref.load %in[%b, %t] : memref<2x64xf32>
      memref.store %v, %p[%c0] : memref<1xf32, #gpu.address_space<private>>
      memref.store %v, %s[%t] : memref<64xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %r = arith.subi %c63, %t : index
      %w = memref.load %s[%r] : memref<64xf32, #gpu.address_space<workgroup>>
      %mine = memref.load %p[%c0] : memref<1xf32, #gpu.address_space<private>>
      %x = arith.subf %w, %mine : f32
      memref.store %x, %out[%b, %t] : memref<2x64xf32>
      gpu.return
    }
  }
  func.func @main() {
    %in = memref.alloc() : memref<2x64xf32>
    %out = memref.alloc() : memref<2x64xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c64 = arith.constant 64 : index
    scf.for %i = %c0 to %c2 step %c1 {
      scf.for %j = %c0 to %c64 step %c1 {
        %k = arith.muli %i, %c64 : index
        %l = arith.addi %k, %j : index
        %li = arith.index_cast %l : index to i32
        %f = arith.sitofp %li : i32 to f32
        memref.store %f, %in[%i, %j] : memref<2x64xf32>
      }
    }
    gpu.launch_func @k::@reverse blocks in (%c2, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%in : memref<2x64xf32>, %out : memref<2x64xf32>)
    %u = memref.cast %out : memref<2x64xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    return
  }
  func.func private @printMemrefF32(memref<*xf32>)
}
// out[b][t] = in[b][63-t] - in[b][t] = 63 - 2t in both blocks.
// CHECK: {{\[\[}}63, 61, 59, 57, 55, 53, 51, 49, 47, 45, 43, 41, 39, 37, 35, 33, 31, 29, 27, 25, 23, 21, 19, 17, 15, 13, 11, 9, 7, 5, 3, 1, -1, -3, -5, -7, -9, -11, -13, -15, -17, -19, -21, -23, -25, -27, -29, -31, -33, -35, -37, -39, -41, -43, -45, -47, -49, -51, -53, -55, -57, -59, -61, -63],
// CHECK-NEXT: [63, 61, 59, 57, 55, 53, 51, 49, 47, 45, 43, 41, 39, 37, 35, 33, 31, 29, 27, 25, 23, 21, 19, 17, 15, 13, 11, 9, 7, 5, 3, 1, -1, -3, -5, -7, -9, -11, -13, -15, -17, -19, -21, -23, -25, -27, -29, -31, -33, -35, -37, -39, -41, -43, -45, -47, -49, -51, -53, -55, -57, -59, -61, -63]]
