// A kernel waits, through an atomic counter, for a second kernel that is
// never launched.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel(%memref: memref<i32>) kernel {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %c2 = arith.constant 2 : i32
      %block = memref.atomic_rmw addi %c1, %memref[] : (i32, memref<i32>) -> i32
      scf.while: () -> () {
        %value = memref.atomic_rmw addi %c0, %memref[] : (i32, memref<i32>) -> i32
        %cond = arith.cmpi slt, %value, %c2 : i32
        scf.condition(%cond)
      } do {
        scf.yield
      }
      gpu.return
    }
  }
  func.func @main() {
    %memref = gpu.alloc host_shared () : memref<i32>
    %c0 = arith.constant 0 : i32
    memref.store %c0, %memref[] : memref<i32>
    %c1 = arith.constant 1 : index
    %0 = gpu.wait async
    %2 = gpu.launch_func async [%0] @kernels::@kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%memref: memref<i32>)
    gpu.wait [%2]
    return
  }
}
// CHECK: spin_deadlock.mlir:11:18: error: deadlock: every thread still running waits and no wait can succeed
// CHECK: spin_deadlock.mlir:26:10: note: in thread (0, 0, 0) of block (0, 0, 0) of the kernel launched here
