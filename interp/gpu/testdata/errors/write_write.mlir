// Every thread writes the same element of shared memory without a barrier.
func.func @main() {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %out = memref.alloc() : memref<31xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1)
             workgroup(%s : memref<32xf32, #gpu.address_space<workgroup>>) {
    %c0 = arith.constant 0 : index
    %f = arith.constant 1.0 : f32
    memref.store %f, %s[%c0] : memref<32xf32, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}
// CHECK: write_write.mlir:11:5: error: data race: thread (1, 0, 0) of block (0, 0, 0) writes an element of shared memory that thread (0, 0, 0) of block (0, 0, 0) wrote since the last barrier
// CHECK-NEXT: memref.store
// CHECK: write_write.mlir:11:5: note: the other write
// CHECK: write_write.mlir:6:3: note: in thread (1, 0, 0) of block (0, 0, 0) of the kernel launched here
