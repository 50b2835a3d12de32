// Ampere's warp matrix product at the nvgpu level: one warp copies A
// (16x16) and B (16x8, K-major rows) into shared memory with cp.async,
// loads the fragments with ldmatrix (B transposed) and multiplies them
// with mma.sync m16n8k16 (f16, f32 accumulator); the host compares D with
// its own product. Small integers: exact. TestLowered runs it as written
// and lowered to nvvm by Strata's passes; both must print the same.

// CHECK: [2,  -2,  0,  2,  -2,  0,  2,  -2]
// CHECK-NEXT: 0
module attributes {gpu.container_module} {
  gpu.module @kernels {
    memref.global "private" @sa : memref<16x16xf16, 3> {alignment = 128 : i64}
    memref.global "private" @sb : memref<16x8xf16, 3> {alignment = 128 : i64}
    gpu.func @mma(%ga: memref<16x16xf16>, %gb: memref<16x8xf16>, %gd: memref<16x8xf32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c4 = arith.constant 4 : index
      %c8 = arith.constant 8 : index
      %c16 = arith.constant 16 : index
      %sa = memref.get_global @sa : memref<16x16xf16, 3>
      %sb = memref.get_global @sb : memref<16x8xf16, 3>
      %tid = gpu.thread_id x
      // A: lane l copies the 16 bytes of row l/2 from column 8(l%2).
      %ar = arith.divui %tid, %c2 : index
      %ah = arith.remui %tid, %c2 : index
      %ac = arith.muli %ah, %c8 : index
      %t0 = nvgpu.device_async_copy %ga[%ar, %ac], %sa[%ar, %ac], 8 {bypassL1} : memref<16x16xf16> to memref<16x16xf16, 3>
      // B: lane l copies the 8 bytes of row l/2 from column 4(l%2).
      %bc = arith.muli %ah, %c4 : index
      %t1 = nvgpu.device_async_copy %gb[%ar, %bc], %sb[%ar, %bc], 4 : memref<16x8xf16> to memref<16x8xf16, 3>
      %g = nvgpu.device_async_create_group %t0, %t1
      nvgpu.device_async_wait %g {numGroups = 0 : i32}
      gpu.barrier
      // A fragments: lanes 8i to 8i+7 address the rows of matrix i, the
      // 8x8 block at rows 8(i%2), columns 8(i/2).
      %i = arith.divui %tid, %c8 : index
      %r = arith.remui %tid, %c8 : index
      %im = arith.remui %i, %c2 : index
      %id = arith.divui %i, %c2 : index
      %rb = arith.muli %im, %c8 : index
      %arow = arith.addi %r, %rb : index
      %acol = arith.muli %id, %c8 : index
      %fa = nvgpu.ldmatrix %sa[%arow, %acol] {numTiles = 4 : i32, transpose = false} : memref<16x16xf16, 3> -> vector<4x2xf16>
      // B fragments: lanes 0 to 15 address the rows k of B, transposed.
      %brow = arith.remui %tid, %c16 : index
      %fb = nvgpu.ldmatrix %sb[%brow, %c0] {numTiles = 2 : i32, transpose = true} : memref<16x8xf16, 3> -> vector<2x2xf16>
      %z = arith.constant dense<0.0> : vector<2x2xf32>
      %d = nvgpu.mma.sync (%fa, %fb, %z) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
      // D: lane (g, t) holds rows g and g+8, columns 2t and 2t+1.
      %gr = arith.divui %tid, %c4 : index
      %tt = arith.remui %tid, %c4 : index
      %dc0 = arith.muli %tt, %c2 : index
      %dc1 = arith.addi %dc0, %c1 : index
      %gr8 = arith.addi %gr, %c8 : index
      %d00 = vector.extract %d[0, 0] : f32 from vector<2x2xf32>
      %d01 = vector.extract %d[0, 1] : f32 from vector<2x2xf32>
      %d10 = vector.extract %d[1, 0] : f32 from vector<2x2xf32>
      %d11 = vector.extract %d[1, 1] : f32 from vector<2x2xf32>
      memref.store %d00, %gd[%gr, %dc0] : memref<16x8xf32>
      memref.store %d01, %gd[%gr, %dc1] : memref<16x8xf32>
      memref.store %d10, %gd[%gr8, %dc0] : memref<16x8xf32>
      memref.store %d11, %gd[%gr8, %dc1] : memref<16x8xf32>
      gpu.return
    }
  }

  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %a = memref.alloc() : memref<16x16xf16>
    %b = memref.alloc() : memref<16x8xf16>
    %d = memref.alloc() : memref<16x8xf32>
    // A[i][k] = (i + 2k) % 5 - 2, B[k][j] = (k + 2j) % 3 - 1.
    scf.for %i = %c0 to %c16 step %c1 {
      scf.for %k = %c0 to %c16 step %c1 {
        %k2 = arith.addi %k, %k : index
        %s = arith.addi %i, %k2 : index
        %m = arith.remui %s, %c5 : index
        %v = arith.index_cast %m : index to i32
        %f = arith.sitofp %v : i32 to f16
        %two = arith.constant 2.0 : f16
        %x = arith.subf %f, %two : f16
        memref.store %x, %a[%i, %k] : memref<16x16xf16>
      }
    }
    scf.for %k = %c0 to %c16 step %c1 {
      scf.for %j = %c0 to %c8 step %c1 {
        %j2 = arith.addi %j, %j : index
        %s = arith.addi %k, %j2 : index
        %m = arith.remui %s, %c3 : index
        %v = arith.index_cast %m : index to i32
        %f = arith.sitofp %v : i32 to f16
        %one = arith.constant 1.0 : f16
        %x = arith.subf %f, %one : f16
        memref.store %x, %b[%k, %j] : memref<16x8xf16>
      }
    }
    gpu.launch_func @kernels::@mma blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)
        args(%a : memref<16x16xf16>, %b : memref<16x8xf16>, %d : memref<16x8xf32>)
    %row = memref.subview %d[0, 0] [1, 8] [1, 1] : memref<16x8xf32> to memref<8xf32, strided<[1]>>
    %u = memref.cast %row : memref<8xf32, strided<[1]>> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    %zero = arith.constant 0 : i32
    %wrong = scf.for %i = %c0 to %c16 step %c1 iter_args(%w0 = %zero) -> i32 {
      %w1 = scf.for %j = %c0 to %c8 step %c1 iter_args(%w = %w0) -> i32 {
        %z = arith.constant 0.0 : f32
        %acc = scf.for %k = %c0 to %c16 step %c1 iter_args(%s = %z) -> f32 {
          %x = memref.load %a[%i, %k] : memref<16x16xf16>
          %y = memref.load %b[%k, %j] : memref<16x8xf16>
          %xf = arith.extf %x : f16 to f32
          %yf = arith.extf %y : f16 to f32
          %p = arith.mulf %xf, %yf : f32
          %n = arith.addf %s, %p : f32
          scf.yield %n : f32
        }
        %got = memref.load %d[%i, %j] : memref<16x8xf32>
        %ok = arith.cmpf oeq, %got, %acc : f32
        %one = arith.constant 1 : i32
        %w2 = arith.addi %w, %one : i32
        %w3 = arith.select %ok, %w, %w2 : i32
        scf.yield %w3 : i32
      }
      scf.yield %w1 : i32
    }
    vector.print %wrong : i32
    return
  }
}
