// Two phases of shared-memory mbarriers at the nvgpu level: thread 0
// initializes two barriers for the block's 64 threads, every thread
// writes 3t to shared memory and arrives on barrier 0 (keeping its
// token), waits for the phase of parity 0, then reads its neighbour's
// value; on barrier 1 it arrives expecting no transaction bytes and waits
// again, and test.wait confirms that the phase of its first token has
// completed. out[t] = 3((t+1) % 64) + 1. TestLowered runs it as written
// and lowered to nvvm by Strata's passes; both must print the same.

// CHECK: [4,  7,  10,  13,  16,  19,  22,  25]
!bars = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    memref.global "private" @vals : memref<64xi32, 3> {alignment = 16 : i64}
    gpu.func @phases(%out: memref<64xi32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      %c64 = arith.constant 64 : index
      %ticks = arith.constant 1000000 : index
      %false = arith.constant false
      %vals = memref.get_global @vals : memref<64xi32, 3>
      %bars = nvgpu.mbarrier.create -> !bars
      %tid = gpu.thread_id x
      %first = arith.cmpi eq, %tid, %c0 : index
      nvgpu.mbarrier.init %bars[%c0], %c64, predicate = %first : !bars
      nvgpu.mbarrier.init %bars[%c1], %c64, predicate = %first : !bars
      gpu.barrier
      %v = arith.muli %tid, %c3 : index
      %vi = arith.index_cast %v : index to i32
      memref.store %vi, %vals[%tid] : memref<64xi32, 3>
      %tok = nvgpu.mbarrier.arrive %bars[%c0] : !bars -> !nvgpu.mbarrier.token
      nvgpu.mbarrier.try_wait.parity %bars[%c0], %false, %ticks : !bars
      %n1 = arith.addi %tid, %c1 : index
      %n = arith.remui %n1, %c64 : index
      %x = memref.load %vals[%n] : memref<64xi32, 3>
      %zero = arith.constant 0 : index
      nvgpu.mbarrier.arrive.expect_tx %bars[%c1], %zero : !bars
      nvgpu.mbarrier.try_wait.parity %bars[%c1], %false, %ticks : !bars
      %done = nvgpu.mbarrier.test.wait %bars[%c0], %tok : !bars, !nvgpu.mbarrier.token
      %d = arith.extui %done : i1 to i32
      %r = arith.addi %x, %d : i32
      memref.store %r, %out[%tid] : memref<64xi32>
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %out = memref.alloc() : memref<64xi32>
    gpu.launch_func @kernels::@phases blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%out : memref<64xi32>)
    %head = memref.subview %out[0] [8] [1] : memref<64xi32> to memref<8xi32, strided<[1]>>
    %u = memref.cast %head : memref<8xi32, strided<[1]>> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
