// Two halves of the block wait at different barriers.
func.func @main() {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %out = memref.alloc() : memref<31xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1)
             workgroup(%s : memref<32xf32, #gpu.address_space<workgroup>>) {
    %c0 = arith.constant 0 : index
    %f = arith.constant 1.0 : f32
    %c16 = arith.constant 16 : index
    %low = arith.cmpi ult, %tx, %c16 : index
    scf.if %low {
      gpu.barrier
    } else {
      gpu.barrier
    }
    gpu.terminator
  }
  return
}
// CHECK: divergent_barrier.mlir:14:7: error: barrier 'gpu.barrier' reached by only 16 of the 32 threads of the block
// CHECK: divergent_barrier.mlir:16:7: note: thread (16, 0, 0) of block (0, 0, 0) waits here
