// A sum in two levels: each block of 256 threads reduces its 256 elements
// in dynamic shared memory (a tree of halving strides with barriers) and
// thread 0 writes the block's sum; the host adds the 1024 block sums and
// compares them with its own sum of the input (small integers: exact).
// The launch asks for 64 KB of dynamic shared memory, above the default
// limit of 48 KB. Returns 0 when the sums agree.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    llvm.mlir.global external @sdata() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x f32>
    llvm.func @block_sum(%in: !llvm.ptr<1>, %out: !llvm.ptr<1>, %n: i64) attributes {gpu.kernel, nvvm.kernel} {
      %tidx = gpu.thread_id x
      %bidx = gpu.block_id x
      %bdimx = gpu.block_dim x
      %tid = builtin.unrealized_conversion_cast %tidx : index to i64
      %bid = builtin.unrealized_conversion_cast %bidx : index to i64
      %bdim = builtin.unrealized_conversion_cast %bdimx : index to i64
      %base = llvm.mul %bid, %bdim : i64
      %i = llvm.add %base, %tid : i64
      %zero = llvm.mlir.constant(0.0 : f32) : f32
      %c0 = llvm.mlir.constant(0 : i64) : i64
      %c1 = llvm.mlir.constant(1 : i64) : i64
      %s = llvm.mlir.addressof @sdata : !llvm.ptr<3>
      %mine = llvm.getelementptr %s[%tid] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
      %in_range = llvm.icmp "ult" %i, %n : i64
      llvm.cond_br %in_range, ^load, ^store(%zero : f32)
    ^load:
      %pin = llvm.getelementptr %in[%i] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
      %x = llvm.load %pin : !llvm.ptr<1> -> f32
      llvm.br ^store(%x : f32)
    ^store(%v: f32):
      llvm.store %v, %mine : f32, !llvm.ptr<3>
      gpu.barrier
      %half = llvm.lshr %bdim, %c1 : i64
      llvm.br ^loop(%half : i64)
    ^loop(%stride: i64):
      %more = llvm.icmp "ugt" %stride, %c0 : i64
      llvm.cond_br %more, ^step, ^end
    ^step:
      %active = llvm.icmp "ult" %tid, %stride : i64
      llvm.cond_br %active, ^add, ^sync
    ^add:
      %j = llvm.add %tid, %stride : i64
      %other = llvm.getelementptr %s[%j] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
      %a = llvm.load %mine : !llvm.ptr<3> -> f32
      %b = llvm.load %other : !llvm.ptr<3> -> f32
      %sum = llvm.fadd %a, %b : f32
      llvm.store %sum, %mine : f32, !llvm.ptr<3>
      llvm.br ^sync
    ^sync:
      gpu.barrier
      %next = llvm.lshr %stride, %c1 : i64
      llvm.br ^loop(%next : i64)
    ^end:
      %first = llvm.icmp "eq" %tid, %c0 : i64
      llvm.cond_br %first, ^write, ^ret
    ^write:
      %total = llvm.load %s : !llvm.ptr<3> -> f32
      %pout = llvm.getelementptr %out[%bid] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
      llvm.store %total, %pout : f32, !llvm.ptr<1>
      llvm.br ^ret
    ^ret:
      llvm.return
    }
  }

  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c7 = arith.constant 7 : index
    %n = arith.constant 262144 : index
    %nblocks = arith.constant 1024 : index
    %threads = arith.constant 256 : index
    %n64 = arith.constant 262144 : i64
    %smem = arith.constant 65536 : i32
    %fzero = arith.constant 0.0 : f32
    %three = arith.constant 3.0 : f32
    %nan = arith.constant 0x7FC00000 : f32
    %in = memref.alloc() : memref<262144xf32>
    %sums = memref.alloc() : memref<1024xf32>
    %want = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %fzero) -> (f32) {
      %r = arith.remui %i, %c7 : index
      %ri = arith.index_cast %r : index to i32
      %rf = arith.sitofp %ri : i32 to f32
      %x = arith.subf %rf, %three : f32
      memref.store %x, %in[%i] : memref<262144xf32>
      %acc2 = arith.addf %acc, %x : f32
      scf.yield %acc2 : f32
    }
    scf.for %i = %c0 to %nblocks step %c1 {
      memref.store %nan, %sums[%i] : memref<1024xf32>
    }
    %din = gpu.alloc () : memref<262144xf32>
    %dsums = gpu.alloc () : memref<1024xf32>
    gpu.memcpy %din, %in : memref<262144xf32>, memref<262144xf32>
    gpu.memcpy %dsums, %sums : memref<1024xf32>, memref<1024xf32>
    gpu.launch_func @kernels::@block_sum blocks in (%nblocks, %c1, %c1) threads in (%threads, %c1, %c1)
        dynamic_shared_memory_size %smem
        args(%din : memref<262144xf32>, %dsums : memref<1024xf32>, %n64 : i64)
    gpu.memcpy %sums, %dsums : memref<1024xf32>, memref<1024xf32>
    gpu.dealloc %din : memref<262144xf32>
    gpu.dealloc %dsums : memref<1024xf32>
    %got = scf.for %i = %c0 to %nblocks step %c1 iter_args(%acc = %fzero) -> (f32) {
      %x = memref.load %sums[%i] : memref<1024xf32>
      %acc2 = arith.addf %acc, %x : f32
      scf.yield %acc2 : f32
    }
    %res = memref.alloc() : memref<2xf32>
    memref.store %want, %res[%c0] : memref<2xf32>
    memref.store %got, %res[%c1] : memref<2xf32>
    %u = memref.cast %res : memref<2xf32> to memref<*xf32>
    func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    %head = memref.subview %sums[0] [4] [1] : memref<1024xf32> to memref<4xf32, strided<[1]>>
    %uh = memref.cast %head : memref<4xf32, strided<[1]>> to memref<*xf32>
    func.call @printMemrefF32(%uh) : (memref<*xf32>) -> ()
    %ok = arith.cmpf oeq, %want, %got : f32
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %r = arith.select %ok, %zero, %one : i32
    memref.dealloc %in : memref<262144xf32>
    memref.dealloc %sums : memref<1024xf32>
    memref.dealloc %res : memref<2xf32>
    return %r : i32
  }
}
