// gpu.alloc, memset, memcpy and dealloc with async tokens; kernels
// launched asynchronously run when gpu.wait waits for them; selecting
// the default device (the interpreter's one device) changes nothing.
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @inc(%m: memref<8xi32>) kernel {
      %t = gpu.thread_id x
      %v = memref.load %m[%t] : memref<8xi32>
      %ti = arith.index_cast %t : index to i32
      %w = arith.addi %v, %ti : i32
      memref.store %w, %m[%t] : memref<8xi32>
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %seven = arith.constant 7 : i32
    %host = memref.alloc() : memref<8xi32>
    %dev = arith.constant 0 : i32
    gpu.set_default_device %dev
    %t0 = gpu.wait async
    %d, %t1 = gpu.alloc async [%t0] () : memref<8xi32>
    %t2 = gpu.memset async [%t1] %d, %seven : memref<8xi32>, i32
    %t3 = gpu.launch_func async [%t2] @k::@inc blocks in (%c1, %c1, %c1) threads in (%c8, %c1, %c1) args(%d : memref<8xi32>)
    %t4 = gpu.launch_func async [%t3] @k::@inc blocks in (%c1, %c1, %c1) threads in (%c8, %c1, %c1) args(%d : memref<8xi32>)
    gpu.wait [%t4]
    %t5 = gpu.memcpy async %host, %d : memref<8xi32>, memref<8xi32>
    %t6 = gpu.dealloc async [%t5] %d : memref<8xi32>
    gpu.wait [%t6]
    %u = memref.cast %host : memref<8xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
  func.func private @printMemrefI32(memref<*xi32>)
}
// 7 + 2t.
// CHECK: [7, 9, 11, 13, 15, 17, 19, 21]
