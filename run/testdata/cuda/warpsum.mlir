// A sum through the nvvm dialect: each warp adds its 32 elements with a
// butterfly of shfl.sync, counts its in-range lanes with redux.sync, and
// lane 0 adds both to the totals with atomics. 200000 elements of value
// i mod 5 (total 400000, exact in f32). Prints the two totals, returns
// the number that differ from the host's.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    llvm.func @warp_sum(%in: !llvm.ptr<1>, %sum: !llvm.ptr<1>, %count: !llvm.ptr<1>, %n: i32) attributes {gpu.kernel, nvvm.kernel, nvvm.maxntid = array<i32: 256, 1, 1>} {
      %tid = nvvm.read.ptx.sreg.tid.x : i32
      %bid = nvvm.read.ptx.sreg.ctaid.x : i32
      %bdim = nvvm.read.ptx.sreg.ntid.x : i32
      %lane = nvvm.read.ptx.sreg.laneid : i32
      %base = llvm.mul %bid, %bdim : i32
      %i = llvm.add %base, %tid : i32
      %zero = llvm.mlir.constant(0.0 : f32) : f32
      %in_range = llvm.icmp "slt" %i, %n : i32
      llvm.cond_br %in_range, ^load, ^reduce(%zero : f32)
    ^load:
      %i64 = llvm.sext %i : i32 to i64
      %p = llvm.getelementptr %in[%i64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
      %x = llvm.load %p : !llvm.ptr<1> -> f32
      llvm.br ^reduce(%x : f32)
    ^reduce(%v: f32):
      %mask = llvm.mlir.constant(-1 : i32) : i32
      %clamp = llvm.mlir.constant(31 : i32) : i32
      %o16 = llvm.mlir.constant(16 : i32) : i32
      %o8 = llvm.mlir.constant(8 : i32) : i32
      %o4 = llvm.mlir.constant(4 : i32) : i32
      %o2 = llvm.mlir.constant(2 : i32) : i32
      %o1 = llvm.mlir.constant(1 : i32) : i32
      %s16 = nvvm.shfl.sync bfly %mask, %v, %o16, %clamp : f32 -> f32
      %v16 = llvm.fadd %v, %s16 : f32
      %s8 = nvvm.shfl.sync bfly %mask, %v16, %o8, %clamp : f32 -> f32
      %v8 = llvm.fadd %v16, %s8 : f32
      %s4 = nvvm.shfl.sync bfly %mask, %v8, %o4, %clamp : f32 -> f32
      %v4 = llvm.fadd %v8, %s4 : f32
      %s2 = nvvm.shfl.sync bfly %mask, %v4, %o2, %clamp : f32 -> f32
      %v2 = llvm.fadd %v4, %s2 : f32
      %s1 = nvvm.shfl.sync bfly %mask, %v2, %o1, %clamp : f32 -> f32
      %total = llvm.fadd %v2, %s1 : f32
      %one = llvm.zext %in_range : i1 to i32
      %lanes = nvvm.redux.sync add %one, %mask : i32 -> i32
      %c0 = llvm.mlir.constant(0 : i32) : i32
      %leader = llvm.icmp "eq" %lane, %c0 : i32
      llvm.cond_br %leader, ^publish, ^done
    ^publish:
      %old = llvm.atomicrmw fadd %sum, %total monotonic : !llvm.ptr<1>, f32
      %oldc = llvm.atomicrmw add %count, %lanes monotonic : !llvm.ptr<1>, i32
      llvm.br ^done
    ^done:
      llvm.return
    }
  }

  func.func private @printMemrefF32(memref<*xf32>)
  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c5 = arith.constant 5 : index
    %n = arith.constant 200000 : index
    %n32 = arith.constant 200000 : i32
    %blocks = arith.constant 782 : index
    %threads = arith.constant 256 : index
    %fzero = arith.constant 0.0 : f32
    %izero = arith.constant 0 : i32
    %in = memref.alloc() : memref<200000xf32>
    %want = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %fzero) -> (f32) {
      %r = arith.remui %i, %c5 : index
      %ri = arith.index_cast %r : index to i32
      %x = arith.sitofp %ri : i32 to f32
      memref.store %x, %in[%i] : memref<200000xf32>
      %acc2 = arith.addf %acc, %x : f32
      scf.yield %acc2 : f32
    }
    %sum = memref.alloc() : memref<1xf32>
    %count = memref.alloc() : memref<1xi32>
    memref.store %fzero, %sum[%c0] : memref<1xf32>
    memref.store %izero, %count[%c0] : memref<1xi32>
    %din = gpu.alloc () : memref<200000xf32>
    %dsum = gpu.alloc () : memref<1xf32>
    %dcount = gpu.alloc () : memref<1xi32>
    gpu.memcpy %din, %in : memref<200000xf32>, memref<200000xf32>
    gpu.memcpy %dsum, %sum : memref<1xf32>, memref<1xf32>
    gpu.memcpy %dcount, %count : memref<1xi32>, memref<1xi32>
    gpu.launch_func @kernels::@warp_sum blocks in (%blocks, %c1, %c1) threads in (%threads, %c1, %c1)
        args(%din : memref<200000xf32>, %dsum : memref<1xf32>, %dcount : memref<1xi32>, %n32 : i32)
    gpu.memcpy %sum, %dsum : memref<1xf32>, memref<1xf32>
    gpu.memcpy %count, %dcount : memref<1xi32>, memref<1xi32>
    gpu.dealloc %din : memref<200000xf32>
    gpu.dealloc %dsum : memref<1xf32>
    gpu.dealloc %dcount : memref<1xi32>
    %us = memref.cast %sum : memref<1xf32> to memref<*xf32>
    func.call @printMemrefF32(%us) : (memref<*xf32>) -> ()
    %uc = memref.cast %count : memref<1xi32> to memref<*xi32>
    func.call @printMemrefI32(%uc) : (memref<*xi32>) -> ()
    %got = memref.load %sum[%c0] : memref<1xf32>
    %gotc = memref.load %count[%c0] : memref<1xi32>
    %bad1 = arith.cmpf one, %got, %want : f32
    %bad2 = arith.cmpi ne, %gotc, %n32 : i32
    %b1 = arith.extui %bad1 : i1 to i32
    %b2 = arith.extui %bad2 : i1 to i32
    %bad = arith.addi %b1, %b2 : i32
    memref.dealloc %in : memref<200000xf32>
    memref.dealloc %sum : memref<1xf32>
    memref.dealloc %count : memref<1xi32>
    return %bad : i32
  }
}
