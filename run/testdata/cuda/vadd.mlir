// Vector addition on the GPU: c[i] = a[i] + b[i] for 100000 elements in
// blocks of 256 threads (the last block partly idle). The host fills a
// and b, poisons c with NaN, copies to the device, launches, copies back
// and returns the number of wrong elements (0 expected), after printing
// the first eight sums.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    llvm.func @vadd(%a: !llvm.ptr<1>, %b: !llvm.ptr<1>, %c: !llvm.ptr<1>, %n: i64) attributes {gpu.kernel, nvvm.kernel} {
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %t = builtin.unrealized_conversion_cast %tid : index to i64
      %b64 = builtin.unrealized_conversion_cast %bid : index to i64
      %d64 = builtin.unrealized_conversion_cast %bdim : index to i64
      %base = llvm.mul %b64, %d64 : i64
      %i = llvm.add %base, %t : i64
      %in = llvm.icmp "ult" %i, %n : i64
      llvm.cond_br %in, ^body, ^done
    ^body:
      %pa = llvm.getelementptr %a[%i] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
      %pb = llvm.getelementptr %b[%i] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
      %pc = llvm.getelementptr %c[%i] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
      %x = llvm.load %pa : !llvm.ptr<1> -> f32
      %y = llvm.load %pb : !llvm.ptr<1> -> f32
      %s = llvm.fadd %x, %y : f32
      llvm.store %s, %pc : f32, !llvm.ptr<1>
      llvm.br ^done
    ^done:
      llvm.return
    }
  }

  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = arith.constant 100000 : index
    %threads = arith.constant 256 : index
    %blocks = arith.constant 391 : index
    %n64 = arith.constant 100000 : i64
    %nan = arith.constant 0x7FC00000 : f32
    %a = memref.alloc() : memref<100000xf32>
    %b = memref.alloc() : memref<100000xf32>
    %c = memref.alloc() : memref<100000xf32>
    scf.for %i = %c0 to %n step %c1 {
      %ii = arith.index_cast %i : index to i32
      %f = arith.sitofp %ii : i32 to f32
      %half = arith.constant 0.5 : f32
      %x = arith.mulf %f, %half : f32
      %big = arith.constant 1000.0 : f32
      %q = arith.constant 0.25 : f32
      %fq = arith.mulf %f, %q : f32
      %y = arith.subf %big, %fq : f32
      memref.store %x, %a[%i] : memref<100000xf32>
      memref.store %y, %b[%i] : memref<100000xf32>
      memref.store %nan, %c[%i] : memref<100000xf32>
    }
    %da = gpu.alloc () : memref<100000xf32>
    %db = gpu.alloc () : memref<100000xf32>
    %dc = gpu.alloc () : memref<100000xf32>
    gpu.memcpy %da, %a : memref<100000xf32>, memref<100000xf32>
    gpu.memcpy %db, %b : memref<100000xf32>, memref<100000xf32>
    gpu.memcpy %dc, %c : memref<100000xf32>, memref<100000xf32>
    gpu.launch_func @kernels::@vadd blocks in (%blocks, %c1, %c1) threads in (%threads, %c1, %c1)
        args(%da : memref<100000xf32>, %db : memref<100000xf32>, %dc : memref<100000xf32>, %n64 : i64)
    gpu.memcpy %c, %dc : memref<100000xf32>, memref<100000xf32>
    gpu.dealloc %da : memref<100000xf32>
    gpu.dealloc %db : memref<100000xf32>
    gpu.dealloc %dc : memref<100000xf32>
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %bad = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (i32) {
      %x = memref.load %a[%i] : memref<100000xf32>
      %y = memref.load %b[%i] : memref<100000xf32>
      %want = arith.addf %x, %y : f32
      %got = memref.load %c[%i] : memref<100000xf32>
      %ok = arith.cmpf oeq, %want, %got : f32
      %inc = arith.select %ok, %zero, %one : i32
      %acc2 = arith.addi %acc, %inc : i32
      scf.yield %acc2 : i32
    }
    %head = memref.subview %c[0] [8] [1] : memref<100000xf32> to memref<8xf32, strided<[1]>>
    %u = memref.cast %head : memref<8xf32, strided<[1]>> to memref<*xf32>
    func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    memref.dealloc %a : memref<100000xf32>
    memref.dealloc %b : memref<100000xf32>
    memref.dealloc %c : memref<100000xf32>
    return %bad : i32
  }
}
