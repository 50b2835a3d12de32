// 32 threads store into 31 elements.
func.func @main() {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %out = memref.alloc() : memref<31xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1)
             workgroup(%s : memref<32xf32, #gpu.address_space<workgroup>>) {
    %c0 = arith.constant 0 : index
    %f = arith.constant 1.0 : f32
    memref.store %f, %out[%tx] : memref<31xf32>
    gpu.terminator
  }
  return
}
// CHECK: out_of_bounds.mlir:11:5: error: index 31 out of bounds for dimension 0 of size 31
// CHECK: out_of_bounds.mlir:6:3: note: in thread (31, 0, 0) of block (0, 0, 0) of the kernel launched here
