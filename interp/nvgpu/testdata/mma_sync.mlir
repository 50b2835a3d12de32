// One warp computes D = A * B (16x16 by 16x8, f16, f32 accumulator) with
// cp.async copies into shared memory, ldmatrix and mma.sync m16n8k16,
// once with B^T loaded by ldmatrix.x2 and once with B loaded by
// ldmatrix.x2.trans; both results are compared with linalg.matmul.
// A[i][k] = (i + 3k) % 7, B[k][n] = (n + 2k) % 3.
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %A = memref.alloc() : memref<16x16xf16>
  %B = memref.alloc() : memref<16x8xf16>
  %BT = memref.alloc() : memref<8x16xf16>
  %D1 = memref.alloc() : memref<16x8xf32>
  %D2 = memref.alloc() : memref<16x8xf32>
  scf.for %i = %c0 to %c16 step %c1 {
    scf.for %k = %c0 to %c16 step %c1 {
      %k3 = arith.muli %k, %c3 : index
      %s = arith.addi %i, %k3 : index
      %r = arith.remui %s, %c7 : index
      %ri = arith.index_cast %r : index to i32
      %rf = arith.sitofp %ri : i32 to f16
      memref.store %rf, %A[%i, %k] : memref<16x16xf16>
    }
  }
  scf.for %k = %c0 to %c16 step %c1 {
    scf.for %n = %c0 to %c8 step %c1 {
      %k2 = arith.muli %k, %c2 : index
      %s = arith.addi %n, %k2 : index
      %r = arith.remui %s, %c3 : index
      %ri = arith.index_cast %r : index to i32
      %rf = arith.sitofp %ri : i32 to f16
      memref.store %rf, %B[%k, %n] : memref<16x8xf16>
      memref.store %rf, %BT[%n, %k] : memref<8x16xf16>
    }
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1)
             workgroup(%sA : memref<16x16xf16, 3>, %sB : memref<16x8xf16, 3>, %sBT : memref<8x16xf16, 3>) {
    // Lane l copies 16 bytes of A (row l/2, column 8(l%2)), 8 bytes of
    // B (row l/2, column 4(l%2)) and 8 bytes of B^T (row l/4, column 4(l%4)).
    %ar = arith.divui %tx, %c2 : index
    %am = arith.remui %tx, %c2 : index
    %ac = arith.muli %am, %c8 : index
    %t0 = nvgpu.device_async_copy %A[%ar, %ac], %sA[%ar, %ac], 8 : memref<16x16xf16> to memref<16x16xf16, 3>
    %bc = arith.muli %am, %c4 : index
    %t1 = nvgpu.device_async_copy %B[%ar, %bc], %sB[%ar, %bc], 4 : memref<16x8xf16> to memref<16x8xf16, 3>
    %tr = arith.divui %tx, %c4 : index
    %tm = arith.remui %tx, %c4 : index
    %tc = arith.muli %tm, %c4 : index
    %t2 = nvgpu.device_async_copy %BT[%tr, %tc], %sBT[%tr, %tc], 4 : memref<8x16xf16> to memref<8x16xf16, 3>
    %g = nvgpu.device_async_create_group %t0, %t1, %t2
    nvgpu.device_async_wait %g {numGroups = 0 : i32}
    gpu.barrier
    // ldmatrix.x4 of A: lane l addresses row l % 16, column 8 (l / 16).
    %lr = arith.remui %tx, %c16 : index
    %lq = arith.divui %tx, %c16 : index
    %lc = arith.muli %lq, %c8 : index
    %a = nvgpu.ldmatrix %sA[%lr, %lc] {numTiles = 4 : i32, transpose = false} : memref<16x16xf16, 3> -> vector<4x2xf16>
    // ldmatrix.x2 of B^T: row l % 8, column 8 ((l / 8) % 2).
    %br = arith.remui %tx, %c8 : index
    %bq = arith.divui %tx, %c8 : index
    %bq2 = arith.remui %bq, %c2 : index
    %bcol = arith.muli %bq2, %c8 : index
    %b1 = nvgpu.ldmatrix %sBT[%br, %bcol] {numTiles = 2 : i32, transpose = false} : memref<8x16xf16, 3> -> vector<2x2xf16>
    // ldmatrix.x2.trans of B: row l % 16, column 0.
    %b2 = nvgpu.ldmatrix %sB[%lr, %c0] {numTiles = 2 : i32, transpose = true} : memref<16x8xf16, 3> -> vector<2x2xf16>
    %zero = arith.constant dense<0.0> : vector<2x2xf32>
    %d1 = nvgpu.mma.sync (%a, %b1, %zero) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %d2 = nvgpu.mma.sync (%a, %b2, %zero) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    // D fragment: (g, 2t + e) and (g + 8, 2t + e).
    %gg = arith.divui %tx, %c4 : index
    %g8 = arith.addi %gg, %c8 : index
    %tt = arith.remui %tx, %c4 : index
    %j0 = arith.muli %tt, %c2 : index
    %j1 = arith.addi %j0, %c1 : index
    %x00 = vector.extract %d1[0, 0] : f32 from vector<2x2xf32>
    %x01 = vector.extract %d1[0, 1] : f32 from vector<2x2xf32>
    %x10 = vector.extract %d1[1, 0] : f32 from vector<2x2xf32>
    %x11 = vector.extract %d1[1, 1] : f32 from vector<2x2xf32>
    memref.store %x00, %D1[%gg, %j0] : memref<16x8xf32>
    memref.store %x01, %D1[%gg, %j1] : memref<16x8xf32>
    memref.store %x10, %D1[%g8, %j0] : memref<16x8xf32>
    memref.store %x11, %D1[%g8, %j1] : memref<16x8xf32>
    %y00 = vector.extract %d2[0, 0] : f32 from vector<2x2xf32>
    %y01 = vector.extract %d2[0, 1] : f32 from vector<2x2xf32>
    %y10 = vector.extract %d2[1, 0] : f32 from vector<2x2xf32>
    %y11 = vector.extract %d2[1, 1] : f32 from vector<2x2xf32>
    memref.store %y00, %D2[%gg, %j0] : memref<16x8xf32>
    memref.store %y01, %D2[%gg, %j1] : memref<16x8xf32>
    memref.store %y10, %D2[%g8, %j0] : memref<16x8xf32>
    memref.store %y11, %D2[%g8, %j1] : memref<16x8xf32>
    gpu.terminator
  }
  // The reference, in f32.
  %Af = memref.alloc() : memref<16x16xf32>
  %Bf = memref.alloc() : memref<16x8xf32>
  %R = memref.alloc() : memref<16x8xf32>
  scf.for %i = %c0 to %c16 step %c1 {
    scf.for %k = %c0 to %c16 step %c1 {
      %x = memref.load %A[%i, %k] : memref<16x16xf16>
      %e = arith.extf %x : f16 to f32
      memref.store %e, %Af[%i, %k] : memref<16x16xf32>
    }
    scf.for %n = %c0 to %c8 step %c1 {
      %x = memref.load %B[%i, %n] : memref<16x8xf16>
      %e = arith.extf %x : f16 to f32
      memref.store %e, %Bf[%i, %n] : memref<16x8xf32>
    }
  }
  %fz = arith.constant 0.0 : f32
  linalg.fill ins(%fz : f32) outs(%R : memref<16x8xf32>)
  linalg.matmul ins(%Af, %Bf : memref<16x16xf32>, memref<16x8xf32>) outs(%R : memref<16x8xf32>)
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %bad = scf.for %i = %c0 to %c16 step %c1 iter_args(%n = %z) -> (i32) {
    %n2 = scf.for %j = %c0 to %c8 step %c1 iter_args(%m = %n) -> (i32) {
      %r = memref.load %R[%i, %j] : memref<16x8xf32>
      %u = memref.load %D1[%i, %j] : memref<16x8xf32>
      %v = memref.load %D2[%i, %j] : memref<16x8xf32>
      %ne1 = arith.cmpf une, %r, %u : f32
      %ne2 = arith.cmpf une, %r, %v : f32
      %ne = arith.ori %ne1, %ne2 : i1
      %d = arith.select %ne, %one, %z : i32
      %m2 = arith.addi %m, %d : i32
      scf.yield %m2 : i32
    }
    scf.yield %n2 : i32
  }
  vector.print %bad : i32
  %d00 = memref.load %D1[%c0, %c0] : memref<16x8xf32>
  %d10 = memref.load %D1[%c1, %c0] : memref<16x8xf32>
  vector.print %d00 : f32
  vector.print %d10 : f32
  return
}
// No element of either result differs from linalg.matmul's.
// CHECK: 0
// D[0][0] = sum_k ((3k) % 7) * ((2k) % 3) = 43;
// D[1][0] = sum_k ((1 + 3k) % 7) * ((2k) % 3) = 51.
// CHECK-NEXT: 43
// CHECK-NEXT: 51
