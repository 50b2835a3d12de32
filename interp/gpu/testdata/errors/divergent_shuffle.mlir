// A shuffle that only 8 lanes of the warp execute.
func.func @main() {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %out = memref.alloc() : memref<31xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1)
             workgroup(%s : memref<32xf32, #gpu.address_space<workgroup>>) {
    %c0 = arith.constant 0 : index
    %f = arith.constant 1.0 : f32
    %c8 = arith.constant 8 : index
    %low = arith.cmpi ult, %tx, %c8 : index
    scf.if %low {
      %o = arith.constant 1 : i32
      %w = arith.constant 32 : i32
      %r, %ok = gpu.shuffle xor %f, %o, %w : f32
    }
    gpu.terminator
  }
  return
}
// CHECK: divergent_shuffle.mlir:16:17: error: collective operation 'gpu.shuffle' reached by only 8 of the 32 threads of the warp
// CHECK: note: thread (8, 0, 0) of block (0, 0, 0) has returned
