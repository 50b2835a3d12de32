// Each thread writes its element, then reads its neighbour's without a barrier.
func.func @main() {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %out = memref.alloc() : memref<31xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1)
             workgroup(%s : memref<32xf32, #gpu.address_space<workgroup>>) {
    %c0 = arith.constant 0 : index
    %f = arith.constant 1.0 : f32
    memref.store %f, %s[%tx] : memref<32xf32, #gpu.address_space<workgroup>>
    %n = arith.addi %tx, %c1 : index
    %n2 = arith.remui %n, %c32 : index
    %v = memref.load %s[%n2] : memref<32xf32, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}
// Thread 0 reads element 1 before thread 1 writes it: the write races.
// CHECK: read_write.mlir:11:5: error: data race: thread (1, 0, 0) of block (0, 0, 0) writes an element of shared memory that thread (0, 0, 0) of block (0, 0, 0) read since the last barrier
// CHECK: read_write.mlir:14:10: note: the other read
