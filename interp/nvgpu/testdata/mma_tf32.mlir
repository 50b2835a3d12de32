// mma.sync m16n8k8 with tf32 operands: each lane builds its fragments
// from global memory with the PTX ISA's layout (g = lane / 4, t = lane % 4:
// A registers (g, t), (g + 8, t), (g, t + 4), (g + 8, t + 4); B registers
// (t, g), (t + 4, g)), so the test checks the layout independently of
// ldmatrix. A[i][k] = (i + 3k) % 5, B[k][n] = (2n + k) % 7, but A[0][0]
// = 1 + 2^-12, of which tf32 keeps 1 (10 mantissa bits).
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %A = memref.alloc() : memref<16x8xf32>
  %B = memref.alloc() : memref<8x8xf32>
  %D = memref.alloc() : memref<16x8xf32>
  scf.for %i = %c0 to %c16 step %c1 {
    scf.for %k = %c0 to %c8 step %c1 {
      %k3 = arith.muli %k, %c3 : index
      %s = arith.addi %i, %k3 : index
      %r = arith.remui %s, %c5 : index
      %ri = arith.index_cast %r : index to i32
      %rf = arith.sitofp %ri : i32 to f32
      memref.store %rf, %A[%i, %k] : memref<16x8xf32>
    }
  }
  scf.for %k = %c0 to %c8 step %c1 {
    scf.for %n = %c0 to %c8 step %c1 {
      %n2 = arith.muli %n, %c2 : index
      %s = arith.addi %n2, %k : index
      %r = arith.remui %s, %c7 : index
      %ri = arith.index_cast %r : index to i32
      %rf = arith.sitofp %ri : i32 to f32
      memref.store %rf, %B[%k, %n] : memref<8x8xf32>
    }
  }
  %onep = arith.constant 1.000244140625 : f32
  memref.store %onep, %A[%c0, %c0] : memref<16x8xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %g = arith.divui %tx, %c4 : index
    %t = arith.remui %tx, %c4 : index
    %g8 = arith.addi %g, %c8 : index
    %t4 = arith.addi %t, %c4 : index
    %a0 = memref.load %A[%g, %t] : memref<16x8xf32>
    %a1 = memref.load %A[%g8, %t] : memref<16x8xf32>
    %a2 = memref.load %A[%g, %t4] : memref<16x8xf32>
    %a3 = memref.load %A[%g8, %t4] : memref<16x8xf32>
    %b0 = memref.load %B[%t, %g] : memref<8x8xf32>
    %b1 = memref.load %B[%t4, %g] : memref<8x8xf32>
    %za = arith.constant dense<0.0> : vector<4x1xf32>
    %va0 = vector.insert %a0, %za [0, 0] : f32 into vector<4x1xf32>
    %va1 = vector.insert %a1, %va0 [1, 0] : f32 into vector<4x1xf32>
    %va2 = vector.insert %a2, %va1 [2, 0] : f32 into vector<4x1xf32>
    %va = vector.insert %a3, %va2 [3, 0] : f32 into vector<4x1xf32>
    %zb = arith.constant dense<0.0> : vector<2x1xf32>
    %vb0 = vector.insert %b0, %zb [0, 0] : f32 into vector<2x1xf32>
    %vb = vector.insert %b1, %vb0 [1, 0] : f32 into vector<2x1xf32>
    %zc = arith.constant dense<0.0> : vector<2x2xf32>
    %d = nvgpu.mma.sync (%va, %vb, %zc) {mmaShape = [16, 8, 8], tf32Enabled} : (vector<4x1xf32>, vector<2x1xf32>, vector<2x2xf32>) -> vector<2x2xf32>
    %j0 = arith.muli %t, %c2 : index
    %j1 = arith.addi %j0, %c1 : index
    %x00 = vector.extract %d[0, 0] : f32 from vector<2x2xf32>
    %x01 = vector.extract %d[0, 1] : f32 from vector<2x2xf32>
    %x10 = vector.extract %d[1, 0] : f32 from vector<2x2xf32>
    %x11 = vector.extract %d[1, 1] : f32 from vector<2x2xf32>
    memref.store %x00, %D[%g, %j0] : memref<16x8xf32>
    memref.store %x01, %D[%g, %j1] : memref<16x8xf32>
    memref.store %x10, %D[%g8, %j0] : memref<16x8xf32>
    memref.store %x11, %D[%g8, %j1] : memref<16x8xf32>
    gpu.terminator
  }
  %row0 = memref.subview %D[0, 0] [1, 8] [1, 1] : memref<16x8xf32> to memref<1x8xf32, strided<[8, 1]>>
  %u0 = memref.cast %row0 : memref<1x8xf32, strided<[8, 1]>> to memref<*xf32>
  call @printMemrefF32(%u0) : (memref<*xf32>) -> ()
  %row9 = memref.subview %D[9, 0] [1, 8] [1, 1] : memref<16x8xf32> to memref<1x8xf32, strided<[8, 1], offset: 72>>
  %u9 = memref.cast %row9 : memref<1x8xf32, strided<[8, 1], offset: 72>> to memref<*xf32>
  call @printMemrefF32(%u9) : (memref<*xf32>) -> ()
  return
}
func.func private @printMemrefF32(memref<*xf32>)
// D[0][n] = sum_k A[0][k] B[k][n] with A[0] = [1, 3, 1, 4, 2, 0, 3, 1]
// (52.0005 at n = 1 had A[0][0] kept its low bits).
// CHECK: {{\[\[}}43, 52, 40, 42, 37, 53, 48, 43]]
// D[9][n] with A[9] = [4, 2, 0, 3, 1, 4, 2, 0].
// CHECK: {{\[\[}}47, 37, 41, 59, 49, 46, 57, 47]]
