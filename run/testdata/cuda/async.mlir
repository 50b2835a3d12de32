// Streams and memref descriptors: the host chains asynchronous
// allocations, copies, a launch and deallocations on one stream (gpu.wait
// async creates it, gpu.wait synchronizes and destroys it); the kernel
// takes each memref<?xf32> unpacked into its descriptor's five fields (as
// convert-gpu-to-nvvm lowers a memref argument), rebuilds the descriptor
// and addresses through generic pointers. c[i] = 2 a[i] + 1 for 5000
// elements; prints the first eight, returns the number of wrong ones.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    llvm.func @twice(%a0: !llvm.ptr, %a1: !llvm.ptr, %aoff: i64, %an: i64, %as: i64,
                     %c0: !llvm.ptr, %c1: !llvm.ptr, %coff: i64, %cn: i64, %cs: i64) attributes {gpu.kernel, nvvm.kernel} {
      %u = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
      %d0 = llvm.insertvalue %a0, %u[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
      %d1 = llvm.insertvalue %a1, %d0[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
      %d2 = llvm.insertvalue %aoff, %d1[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
      %d3 = llvm.insertvalue %an, %d2[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
      %a = llvm.insertvalue %as, %d3[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
      %tid = nvvm.read.ptx.sreg.tid.x : i32
      %bid = nvvm.read.ptx.sreg.ctaid.x : i32
      %bdim = nvvm.read.ptx.sreg.ntid.x : i32
      %base = llvm.mul %bid, %bdim : i32
      %i32 = llvm.add %base, %tid : i32
      %i = llvm.zext %i32 : i32 to i64
      %n = llvm.extractvalue %a[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
      %in = llvm.icmp "slt" %i, %n : i64
      llvm.cond_br %in, ^body, ^done
    ^body:
      %ap = llvm.extractvalue %a[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
      %ao = llvm.extractvalue %a[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
      %ast = llvm.extractvalue %a[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
      %ai = llvm.mul %i, %ast : i64
      %aj = llvm.add %ao, %ai : i64
      %pa = llvm.getelementptr %ap[%aj] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      %x = llvm.load %pa : !llvm.ptr -> f32
      %two = llvm.mlir.constant(2.0 : f32) : f32
      %one = llvm.mlir.constant(1.0 : f32) : f32
      %y = llvm.intr.fma(%x, %two, %one) : (f32, f32, f32) -> f32
      %ci = llvm.mul %i, %cs : i64
      %cj = llvm.add %coff, %ci : i64
      %pc = llvm.getelementptr %c1[%cj] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %y, %pc : f32, !llvm.ptr
      llvm.br ^done
    ^done:
      llvm.return
    }
  }

  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = arith.constant 5000 : index
    %blocks = arith.constant 20 : index
    %threads = arith.constant 256 : index
    %nan = arith.constant 0x7FC00000 : f32
    %a = memref.alloc(%n) : memref<?xf32>
    %c = memref.alloc(%n) : memref<?xf32>
    scf.for %i = %c0 to %n step %c1 {
      %ii = arith.index_cast %i : index to i32
      %f = arith.sitofp %ii : i32 to f32
      %q = arith.constant 0.125 : f32
      %x = arith.mulf %f, %q : f32
      memref.store %x, %a[%i] : memref<?xf32>
      memref.store %nan, %c[%i] : memref<?xf32>
    }
    %t0 = gpu.wait async
    %da, %t1 = gpu.alloc async [%t0] (%n) : memref<?xf32>
    %t2 = gpu.memcpy async [%t1] %da, %a : memref<?xf32>, memref<?xf32>
    %dc, %t3 = gpu.alloc async [%t2] (%n) : memref<?xf32>
    %t4 = gpu.memcpy async [%t3] %dc, %c : memref<?xf32>, memref<?xf32>
    %t5 = gpu.launch_func async [%t4] @kernels::@twice blocks in (%blocks, %c1, %c1) threads in (%threads, %c1, %c1)
        args(%da : memref<?xf32>, %dc : memref<?xf32>)
    %t6 = gpu.memcpy async [%t5] %c, %dc : memref<?xf32>, memref<?xf32>
    %t7 = gpu.dealloc async [%t6] %da : memref<?xf32>
    %t8 = gpu.dealloc async [%t7] %dc : memref<?xf32>
    gpu.wait [%t8]
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %two = arith.constant 2.0 : f32
    %fone = arith.constant 1.0 : f32
    %bad = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (i32) {
      %x = memref.load %a[%i] : memref<?xf32>
      %x2 = arith.mulf %x, %two : f32
      %want = arith.addf %x2, %fone : f32
      %got = memref.load %c[%i] : memref<?xf32>
      %ok = arith.cmpf oeq, %want, %got : f32
      %inc = arith.select %ok, %zero, %one : i32
      %acc2 = arith.addi %acc, %inc : i32
      scf.yield %acc2 : i32
    }
    %head = memref.subview %c[0] [8] [1] : memref<?xf32> to memref<8xf32, strided<[1]>>
    %u = memref.cast %head : memref<8xf32, strided<[1]>> to memref<*xf32>
    func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    memref.dealloc %a : memref<?xf32>
    memref.dealloc %c : memref<?xf32>
    return %bad : i32
  }
}
