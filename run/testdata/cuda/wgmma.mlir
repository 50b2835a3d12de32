// One warpgroup matrix product on Hopper's tensor cores: D[64x8] = A[64x16]
// * B[16x8] in bf16 with f32 accumulation, by one nvvm.wgmma.mma_async
// m64n8k16 reading A and B from shared memory through descriptors (no
// swizzle, K-major core matrices of 8 rows x 16 bytes: LBO 128 bytes
// between the two core matrices along K, SBO 256 bytes between groups of
// 8 rows). B is given transposed (Bt[n][k]). Small integers: exact. The
// host compares D with its own product and returns the number of wrong
// elements after printing the first row.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    llvm.mlir.global internal @sa() {addr_space = 3 : i32, alignment = 128 : i64} : !llvm.array<1024 x bf16>
    llvm.mlir.global internal @sb() {addr_space = 3 : i32, alignment = 128 : i64} : !llvm.array<128 x bf16>
    llvm.func @gemm(%a: !llvm.ptr<1>, %bt: !llvm.ptr<1>, %d: !llvm.ptr<1>) attributes {gpu.kernel, nvvm.kernel, nvvm.reqntid = array<i32: 128, 1, 1>} {
      %tid32 = nvvm.read.ptx.sreg.tid.x : i32
      %tid = llvm.zext %tid32 : i32 to i64
      %c1 = llvm.mlir.constant(1 : i64) : i64
      %c3 = llvm.mlir.constant(3 : i64) : i64
      %c4 = llvm.mlir.constant(4 : i64) : i64
      %c5 = llvm.mlir.constant(5 : i64) : i64
      %c7 = llvm.mlir.constant(7 : i64) : i64
      %c8 = llvm.mlir.constant(8 : i64) : i64
      %c16 = llvm.mlir.constant(16 : i64) : i64
      %sa = llvm.mlir.addressof @sa : !llvm.ptr<3>
      %sb = llvm.mlir.addressof @sb : !llvm.ptr<3>
      // A: thread t copies 16 bytes, row m = t / 2, half kb = t % 2.
      %ga = llvm.getelementptr %a[%tid] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, vector<4xi32>
      %va = llvm.load %ga : !llvm.ptr<1> -> vector<4xi32>
      %m = llvm.lshr %tid, %c1 : i64
      %kb = llvm.and %tid, %c1 : i64
      %mg = llvm.lshr %m, %c3 : i64
      %mr = llvm.and %m, %c7 : i64
      %o1 = llvm.shl %mg, %c8 : i64
      %o2 = llvm.shl %kb, %c7 : i64
      %o3 = llvm.shl %mr, %c4 : i64
      %o12 = llvm.add %o1, %o2 : i64
      %oa = llvm.add %o12, %o3 : i64
      %pa = llvm.getelementptr %sa[%oa] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, i8
      llvm.store %va, %pa : vector<4xi32>, !llvm.ptr<3>
      // Bt: threads 0 to 15 copy 16 bytes each, row n = t / 2.
      %isb = llvm.icmp "ult" %tid, %c16 : i64
      llvm.cond_br %isb, ^copyb, ^sync
    ^copyb:
      %gb = llvm.getelementptr %bt[%tid] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, vector<4xi32>
      %vb = llvm.load %gb : !llvm.ptr<1> -> vector<4xi32>
      %ob = llvm.add %o2, %o3 : i64
      %pb = llvm.getelementptr %sb[%ob] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, i8
      llvm.store %vb, %pb : vector<4xi32>, !llvm.ptr<3>
      llvm.br ^sync
    ^sync:
      nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
      nvvm.barrier0
      // Descriptors: address >> 4, LBO 128 >> 4 at bit 16, SBO 256 >> 4 at bit 32.
      %mask = llvm.mlir.constant(16383 : i64) : i64
      %lbo = llvm.mlir.constant(524288 : i64) : i64
      %sbo = llvm.mlir.constant(68719476736 : i64) : i64
      %lohi = llvm.or %lbo, %sbo : i64
      %ia = llvm.ptrtoint %sa : !llvm.ptr<3> to i64
      %ia4 = llvm.lshr %ia, %c4 : i64
      %iam = llvm.and %ia4, %mask : i64
      %desca = llvm.or %iam, %lohi : i64
      %ib = llvm.ptrtoint %sb : !llvm.ptr<3> to i64
      %ib4 = llvm.lshr %ib, %c4 : i64
      %ibm = llvm.and %ib4, %mask : i64
      %descb = llvm.or %ibm, %lohi : i64
      %z = llvm.mlir.constant(0.0 : f32) : f32
      %u = llvm.mlir.undef : !llvm.struct<(f32, f32, f32, f32)>
      %a0 = llvm.insertvalue %z, %u[0] : !llvm.struct<(f32, f32, f32, f32)>
      %a1 = llvm.insertvalue %z, %a0[1] : !llvm.struct<(f32, f32, f32, f32)>
      %a2 = llvm.insertvalue %z, %a1[2] : !llvm.struct<(f32, f32, f32, f32)>
      %acc = llvm.insertvalue %z, %a2[3] : !llvm.struct<(f32, f32, f32, f32)>
      nvvm.wgmma.fence.aligned
      %r = nvvm.wgmma.mma_async %desca, %descb, %acc, <m = 64, n = 8, k = 16>, D [<f32>, <one>, <wrapped>], A [<bf16>, <one>, <row>], B [<bf16>, <one>, <col>] : !llvm.struct<(f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32)>
      nvvm.wgmma.commit.group.sync.aligned
      nvvm.wgmma.wait.group.sync.aligned 0
      // D fragment: warp w, lane l: rows 16w + l/4 and 16w + l/4 + 8, columns 2(l%4) and 2(l%4)+1.
      %c2 = llvm.mlir.constant(2 : i64) : i64
      %c31 = llvm.mlir.constant(31 : i64) : i64
      %w = llvm.lshr %tid, %c5 : i64
      %l = llvm.and %tid, %c31 : i64
      %g = llvm.lshr %l, %c2 : i64
      %t3 = llvm.and %l, %c3 : i64
      %w16 = llvm.shl %w, %c4 : i64
      %row = llvm.add %w16, %g : i64
      %col = llvm.shl %t3, %c1 : i64
      %row8 = llvm.mul %row, %c8 : i64
      %i0 = llvm.add %row8, %col : i64
      %c64 = llvm.mlir.constant(64 : i64) : i64
      %i2 = llvm.add %i0, %c64 : i64
      %p0 = llvm.getelementptr %d[%i0] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
      %p1 = llvm.getelementptr %p0[1] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f32
      %p2 = llvm.getelementptr %d[%i2] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
      %p3 = llvm.getelementptr %p2[1] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f32
      %r0 = llvm.extractvalue %r[0] : !llvm.struct<(f32, f32, f32, f32)>
      %r1 = llvm.extractvalue %r[1] : !llvm.struct<(f32, f32, f32, f32)>
      %r2 = llvm.extractvalue %r[2] : !llvm.struct<(f32, f32, f32, f32)>
      %r3 = llvm.extractvalue %r[3] : !llvm.struct<(f32, f32, f32, f32)>
      llvm.store %r0, %p0 : f32, !llvm.ptr<1>
      llvm.store %r1, %p1 : f32, !llvm.ptr<1>
      llvm.store %r2, %p2 : f32, !llvm.ptr<1>
      llvm.store %r3, %p3 : f32, !llvm.ptr<1>
      llvm.return
    }
  }

  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %f3 = arith.constant 3.0 : f32
    %f2 = arith.constant 2.0 : f32
    %nan = arith.constant 0x7FC00000 : f32
    %a = memref.alloc() : memref<64x16xbf16>
    %af = memref.alloc() : memref<64x16xf32>
    %bt = memref.alloc() : memref<8x16xbf16>
    %btf = memref.alloc() : memref<8x16xf32>
    %d = memref.alloc() : memref<64x8xf32>
    scf.for %m = %c0 to %c64 step %c1 {
      scf.for %k = %c0 to %c16 step %c1 {
        %k2 = arith.muli %k, %c2 : index
        %s = arith.addi %m, %k2 : index
        %r = arith.remui %s, %c7 : index
        %ri = arith.index_cast %r : index to i32
        %rf = arith.sitofp %ri : i32 to f32
        %v = arith.subf %rf, %f3 : f32
        %vb = arith.truncf %v : f32 to bf16
        memref.store %v, %af[%m, %k] : memref<64x16xf32>
        memref.store %vb, %a[%m, %k] : memref<64x16xbf16>
      }
      scf.for %n = %c0 to %c8 step %c1 {
        memref.store %nan, %d[%m, %n] : memref<64x8xf32>
      }
    }
    scf.for %n = %c0 to %c8 step %c1 {
      scf.for %k = %c0 to %c16 step %c1 {
        %n3 = arith.muli %n, %c3 : index
        %s = arith.addi %n3, %k : index
        %r = arith.remui %s, %c5 : index
        %ri = arith.index_cast %r : index to i32
        %rf = arith.sitofp %ri : i32 to f32
        %v = arith.subf %rf, %f2 : f32
        %vb = arith.truncf %v : f32 to bf16
        memref.store %v, %btf[%n, %k] : memref<8x16xf32>
        memref.store %vb, %bt[%n, %k] : memref<8x16xbf16>
      }
    }
    %da = gpu.alloc () : memref<64x16xbf16>
    %db = gpu.alloc () : memref<8x16xbf16>
    %dd = gpu.alloc () : memref<64x8xf32>
    gpu.memcpy %da, %a : memref<64x16xbf16>, memref<64x16xbf16>
    gpu.memcpy %db, %bt : memref<8x16xbf16>, memref<8x16xbf16>
    gpu.memcpy %dd, %d : memref<64x8xf32>, memref<64x8xf32>
    gpu.launch_func @kernels::@gemm blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%da : memref<64x16xbf16>, %db : memref<8x16xbf16>, %dd : memref<64x8xf32>)
    gpu.memcpy %d, %dd : memref<64x8xf32>, memref<64x8xf32>
    gpu.dealloc %da : memref<64x16xbf16>
    gpu.dealloc %db : memref<8x16xbf16>
    gpu.dealloc %dd : memref<64x8xf32>
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %fz = arith.constant 0.0 : f32
    %bad = scf.for %m = %c0 to %c64 step %c1 iter_args(%acc = %zero) -> (i32) {
      %rowbad = scf.for %n = %c0 to %c8 step %c1 iter_args(%acc2 = %acc) -> (i32) {
        %want = scf.for %k = %c0 to %c16 step %c1 iter_args(%s = %fz) -> (f32) {
          %x = memref.load %af[%m, %k] : memref<64x16xf32>
          %y = memref.load %btf[%n, %k] : memref<8x16xf32>
          %p = arith.mulf %x, %y : f32
          %s2 = arith.addf %s, %p : f32
          scf.yield %s2 : f32
        }
        %got = memref.load %d[%m, %n] : memref<64x8xf32>
        %ok = arith.cmpf oeq, %got, %want : f32
        %inc = arith.select %ok, %zero, %one : i32
        %acc3 = arith.addi %acc2, %inc : i32
        scf.yield %acc3 : i32
      }
      scf.yield %rowbad : i32
    }
    %row0 = memref.subview %d[0, 0] [1, 8] [1, 1] : memref<64x8xf32> to memref<8xf32, strided<[1]>>
    %u = memref.cast %row0 : memref<8xf32, strided<[1]>> to memref<*xf32>
    func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    memref.dealloc %a : memref<64x16xbf16>
    memref.dealloc %af : memref<64x16xf32>
    memref.dealloc %bt : memref<8x16xbf16>
    memref.dealloc %btf : memref<8x16xf32>
    memref.dealloc %d : memref<64x8xf32>
    return %bad : i32
  }
}
