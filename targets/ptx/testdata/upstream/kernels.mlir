// Kernels at the gpu level. TestUpstreamLowering lowers them with
// mlir-opt-22's convert-gpu-to-nvvm and requires the emitter to take
// upstream's output, keeping this file's lines in .loc.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @vadd(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>, %n: index) kernel {
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %t = arith.muli %bid, %bdim : index
      %i = arith.addi %t, %tid : index
      %ok = arith.cmpi ult, %i, %n : index
      scf.if %ok {
        %x = memref.load %a[%i] : memref<?xf32>
        %y = memref.load %b[%i] : memref<?xf32>
        %s = arith.addf %x, %y : f32
        memref.store %s, %c[%i] : memref<?xf32>
      }
      gpu.return
    }
    gpu.func @block_sum(%in: memref<?xf32>, %out: memref<?xf32>) workgroup(%tile: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %base = arith.muli %bid, %bdim : index
      %i = arith.addi %base, %tid : index
      %x = memref.load %in[%i] : memref<?xf32>
      memref.store %x, %tile[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %half = arith.divui %bdim, %c2 : index
      %r = scf.while (%s = %half) : (index) -> index {
        %more = arith.cmpi ugt, %s, %c0 : index
        scf.condition(%more) %s : index
      } do {
      ^bb0(%s: index):
        %active = arith.cmpi ult, %tid, %s : index
        scf.if %active {
          %j = arith.addi %tid, %s : index
          %a = memref.load %tile[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
          %b = memref.load %tile[%j] : memref<256xf32, #gpu.address_space<workgroup>>
          %sum = arith.addf %a, %b : f32
          memref.store %sum, %tile[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
        }
        gpu.barrier
        %next = arith.divui %s, %c2 : index
        scf.yield %next : index
      }
      %first = arith.cmpi eq, %tid, %c0 : index
      scf.if %first {
        %v = memref.load %tile[%c0] : memref<256xf32, #gpu.address_space<workgroup>>
        memref.store %v, %out[%bid] : memref<?xf32>
      }
      gpu.return
    }
    gpu.func @warp_max(%in: memref<?xf32>, %out: memref<?xf32>) kernel {
      %tid = gpu.thread_id x
      %x = memref.load %in[%tid] : memref<?xf32>
      %c16 = arith.constant 16 : i32
      %c32 = arith.constant 32 : i32
      %s, %valid = gpu.shuffle xor %x, %c16, %c32 : f32
      %m = arith.maximumf %x, %s : f32
      %sel = arith.select %valid, %m, %x : f32
      %lane = gpu.lane_id
      %c0 = arith.constant 0 : index
      %isz = arith.cmpi eq, %lane, %c0 : index
      scf.if %isz {
        memref.store %sel, %out[%c0] : memref<?xf32>
      }
      gpu.return
    }
  }
}
