// Each thread stores a vector of two elements at max(2t, 1) - 1: thread
// 0 writes elements 0 and 1, thread 1 elements 1 and 2, without a
// barrier.
func.func @main() {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1)
             workgroup(%s : memref<64xf32, #gpu.address_space<workgroup>>) {
    %v = arith.constant dense<1.0> : vector<2xf32>
    %c2 = arith.constant 2 : index
    %i = arith.muli %tx, %c2 : index
    %j = arith.maxui %i, %c1 : index
    %k = arith.subi %j, %c1 : index
    vector.store %v, %s[%k] : memref<64xf32, #gpu.address_space<workgroup>>, vector<2xf32>
    gpu.terminator
  }
  return
}
// CHECK: vector_race.mlir:15:5: error: data race: thread (1, 0, 0) of block (0, 0, 0) writes an element of shared memory that thread (0, 0, 0) of block (0, 0, 0) wrote since the last barrier
