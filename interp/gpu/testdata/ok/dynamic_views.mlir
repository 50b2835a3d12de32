// Views of the dynamic shared memory (memref.view): f32 elements at byte
// 0 and i32 elements at byte 128, written by each thread, then read by its
// neighbour after a barrier, through a second view of the same f32 bytes
// at another shift (the views of one element type share their elements).
func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI32(memref<*xi32>)
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c128 = arith.constant 128 : index
  %bytes = arith.constant 256 : i32
  %of = memref.alloc() : memref<4xf32>
  %oi = memref.alloc() : memref<4xi32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1)
             dynamic_shared_memory_size %bytes {
    %dyn = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %f = memref.view %dyn[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<8xf32, #gpu.address_space<workgroup>>
    %i = memref.view %dyn[%c128][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<4xi32, #gpu.address_space<workgroup>>
    %t = arith.index_cast %tx : index to i32
    %tf = arith.sitofp %t : i32 to f32
    %t4 = arith.addi %tx, %c4 : index
    memref.store %tf, %f[%t4] : memref<8xf32, #gpu.address_space<workgroup>>
    memref.store %t, %i[%tx] : memref<4xi32, #gpu.address_space<workgroup>>
    gpu.barrier
    // The upper half of the f32 elements: bytes 16 to 32.
    %c16 = arith.constant 16 : index
    %g = memref.view %dyn[%c16][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<4xf32, #gpu.address_space<workgroup>>
    %n = arith.addi %tx, %c1 : index
    %n4 = arith.remui %n, %c4 : index
    %x = memref.load %g[%n4] : memref<4xf32, #gpu.address_space<workgroup>>
    %y = memref.load %i[%n4] : memref<4xi32, #gpu.address_space<workgroup>>
    memref.store %x, %of[%tx] : memref<4xf32>
    memref.store %y, %oi[%tx] : memref<4xi32>
    gpu.terminator
  }
  %uf = memref.cast %of : memref<4xf32> to memref<*xf32>
  %ui = memref.cast %oi : memref<4xi32> to memref<*xi32>
  call @printMemrefF32(%uf) : (memref<*xf32>) -> ()
  call @printMemrefI32(%ui) : (memref<*xi32>) -> ()
  return
}
// CHECK: [1,  2,  3,  0]
// CHECK: [1,  2,  3,  0]
