// Thread, block, grid and global ids of a 2x1x1 grid of 3x2x1 blocks,
// launched with gpu.launch_func.
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @ids(%out: memref<2x2x3xi32>, %gid: memref<2x2x3xi32>, %dims: memref<4xi32>) kernel {
      %bx = gpu.block_id x
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %c100 = arith.constant 100 : index
      %c10 = arith.constant 10 : index
      %a = arith.muli %bx, %c100 : index
      %b = arith.muli %ty, %c10 : index
      %s = arith.addi %a, %b : index
      %v = arith.addi %s, %tx : index
      %vi = arith.index_cast %v : index to i32
      memref.store %vi, %out[%bx, %ty, %tx] : memref<2x2x3xi32>
      %g = gpu.global_id x
      %gi = arith.index_cast %g : index to i32
      memref.store %gi, %gid[%bx, %ty, %tx] : memref<2x2x3xi32>
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %gd = gpu.grid_dim x
      %bd = gpu.block_dim y
      %lane = gpu.lane_id
      %ns = gpu.num_subgroups : index
      %gdi = arith.index_cast %gd : index to i32
      %bdi = arith.index_cast %bd : index to i32
      %li = arith.index_cast %lane : index to i32
      %nsi = arith.index_cast %ns : index to i32
      %last = arith.cmpi eq, %v, %c100 : index
      scf.if %last {
        memref.store %gdi, %dims[%c0] : memref<4xi32>
        memref.store %bdi, %dims[%c1] : memref<4xi32>
        memref.store %li, %dims[%c2] : memref<4xi32>
        memref.store %nsi, %dims[%c3] : memref<4xi32>
      }
      gpu.return
    }
  }
  func.func @main() {
    %out = memref.alloc() : memref<2x2x3xi32>
    %gid = memref.alloc() : memref<2x2x3xi32>
    %dims = memref.alloc() : memref<4xi32>
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    gpu.launch_func @k::@ids blocks in (%c2, %c1, %c1) threads in (%c3, %c2, %c1)
        args(%out : memref<2x2x3xi32>, %gid : memref<2x2x3xi32>, %dims : memref<4xi32>)
    %u = memref.cast %out : memref<2x2x3xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    %g = memref.cast %gid : memref<2x2x3xi32> to memref<*xi32>
    call @printMemrefI32(%g) : (memref<*xi32>) -> ()
    %d = memref.cast %dims : memref<4xi32> to memref<*xi32>
    call @printMemrefI32(%d) : (memref<*xi32>) -> ()
    return
  }
  func.func private @printMemrefI32(memref<*xi32>)
}
// CHECK:      {{\[\[\[}}0, 1, 2],
// CHECK-NEXT:  [10, 11, 12]],
// CHECK-NEXT: {{\[\[}}100, 101, 102],
// CHECK-NEXT:  [110, 111, 112]]]
// CHECK:      {{\[\[\[}}0, 1, 2],
// CHECK-NEXT:  [0, 1, 2]],
// CHECK-NEXT: {{\[\[}}3, 4, 5],
// CHECK-NEXT:  [3, 4, 5]]]
// Block (1,0,0), thread (0,0,0): grid_dim x = 2, block_dim y = 2, lane 0,
// one subgroup of 6 threads.
// CHECK: [2, 2, 0, 1]
