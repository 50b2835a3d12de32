// The same bytes of dynamic shared memory viewed as f32 and as i32: the
// interpreter keeps elements, not bytes, and reports the type punning.
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %bytes = arith.constant 64 : i32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1)
             dynamic_shared_memory_size %bytes {
    %dyn = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %f = memref.view %dyn[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<4xf32, #gpu.address_space<workgroup>>
    %i = memref.view %dyn[%c8][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<4xi32, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}
// CHECK: view_punning.mlir:13:10: error: memref.view: bytes [8, 24) are viewed as i32 and [0, 16) as f32: the interpreter does not model type punning
