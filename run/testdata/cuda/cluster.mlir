// A launch in clusters of two blocks (cuLaunchKernelEx): thread 0 of each
// of the 8 blocks writes 10 * its cluster's id + its rank in the cluster,
// after a cluster-wide barrier. Prints [0, 1, 10, 11, 20, 21, 30, 31] and
// returns the number of wrong entries.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    llvm.func @ranks(%out: !llvm.ptr<1>) attributes {gpu.kernel, nvvm.kernel} {
      nvvm.cluster.arrive
      nvvm.cluster.wait
      %tid = nvvm.read.ptx.sreg.tid.x : i32
      %c0 = llvm.mlir.constant(0 : i32) : i32
      %first = llvm.icmp "eq" %tid, %c0 : i32
      llvm.cond_br %first, ^write, ^done
    ^write:
      %bid = nvvm.read.ptx.sreg.ctaid.x : i32
      %cid = nvvm.read.ptx.sreg.clusterid.x : i32
      %rank = nvvm.read.ptx.sreg.cluster.ctarank : i32
      %c10 = llvm.mlir.constant(10 : i32) : i32
      %t = llvm.mul %cid, %c10 : i32
      %v = llvm.add %t, %rank : i32
      %b64 = llvm.zext %bid : i32 to i64
      %p = llvm.getelementptr %out[%b64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i32
      llvm.store %v, %p : i32, !llvm.ptr<1>
      llvm.br ^done
    ^done:
      llvm.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    %poison = arith.constant -1 : i32
    %out = memref.alloc() : memref<8xi32>
    scf.for %i = %c0 to %c8 step %c1 {
      memref.store %poison, %out[%i] : memref<8xi32>
    }
    %dout = gpu.alloc () : memref<8xi32>
    gpu.memcpy %dout, %out : memref<8xi32>, memref<8xi32>
    gpu.launch_func @kernels::@ranks clusters in (%c2, %c1, %c1) blocks in (%c8, %c1, %c1) threads in (%c32, %c1, %c1)
        args(%dout : memref<8xi32>)
    gpu.memcpy %out, %dout : memref<8xi32>, memref<8xi32>
    gpu.dealloc %dout : memref<8xi32>
    %u = memref.cast %out : memref<8xi32> to memref<*xi32>
    func.call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %c10 = arith.constant 10 : index
    %bad = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (i32) {
      %cid = arith.divui %i, %c2 : index
      %rank = arith.remui %i, %c2 : index
      %t = arith.muli %cid, %c10 : index
      %w = arith.addi %t, %rank : index
      %want = arith.index_cast %w : index to i32
      %got = memref.load %out[%i] : memref<8xi32>
      %ne = arith.cmpi ne, %got, %want : i32
      %inc = arith.select %ne, %one, %zero : i32
      %acc2 = arith.addi %acc, %inc : i32
      scf.yield %acc2 : i32
    }
    memref.dealloc %out : memref<8xi32>
    return %bad : i32
  }
}
