// printMemrefC32 and printMemrefC64 of the runner utilities, called with
// hand-made descriptors over constant globals: complex elements are
// (re,im) pairs of floats, printed "(re,im)". A 2-D view with an offset,
// a 0-D one, a strided 1-D one through _mlir_ciface_printMemrefC64 and a
// 2-D one of complex<f64>.
module {
  llvm.func @printMemrefC32(i64, !llvm.ptr)
  llvm.func @printMemrefC64(i64, !llvm.ptr)
  llvm.func @_mlir_ciface_printMemrefC64(!llvm.ptr)
  llvm.mlir.global private constant @c32(dense<[1.0, 2.0, 3.5, -4.25, 10.0, 5.0, -0.0, 1.0e-7, 123456.0, 0.1, 7.0, 8.0, 9.0, -10.0]> : tensor<14xf32>) {addr_space = 0 : i32} : !llvm.array<14 x f32>
  llvm.mlir.global private constant @c64(dense<[20.0, 5.0, 1.0e10, -2.5e-3, 0.3333333333, 6.0, 7.0, -8.0, 9.5, 1.0e-300, 11.0, 12.0]> : tensor<12xf64>) {addr_space = 0 : i32} : !llvm.array<12 x f64>

  // desc2 fills the ranked descriptor of rank 2 at %slot (pointer,
  // pointer, offset, sizes, strides) and returns %slot.
  llvm.func @desc2(%slot: !llvm.ptr, %p: !llvm.ptr, %off: i64, %s0: i64, %s1: i64, %t0: i64, %t1: i64) -> !llvm.ptr {
    %u = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %d0 = llvm.insertvalue %p, %u[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %d1 = llvm.insertvalue %p, %d0[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %d2 = llvm.insertvalue %off, %d1[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %d3 = llvm.insertvalue %s0, %d2[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %d4 = llvm.insertvalue %s1, %d3[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %d5 = llvm.insertvalue %t0, %d4[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %d6 = llvm.insertvalue %t1, %d5[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    llvm.store %d6, %slot : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, !llvm.ptr
    llvm.return %slot : !llvm.ptr
  }

  llvm.func @main() {
    %c0 = llvm.mlir.constant(0 : i64) : i64
    %c1 = llvm.mlir.constant(1 : i64) : i64
    %c2 = llvm.mlir.constant(2 : i64) : i64
    %c3 = llvm.mlir.constant(3 : i64) : i64
    %a = llvm.mlir.addressof @c32 : !llvm.ptr
    %b = llvm.mlir.addressof @c64 : !llvm.ptr
    // complex<f32>, 2x3 from element 1.
    %s1 = llvm.alloca %c1 x !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> : (i64) -> !llvm.ptr
    %m = llvm.call @desc2(%s1, %a, %c1, %c2, %c3, %c3, %c1) : (!llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i64) -> !llvm.ptr
    llvm.call @printMemrefC32(%c2, %m) : (i64, !llvm.ptr) -> ()
    // complex<f32>, rank 0 at element 4 (the fields after the offset
    // are not read).
    %s2 = llvm.alloca %c1 x !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> : (i64) -> !llvm.ptr
    %z = llvm.call @desc2(%s2, %a, %c3, %c1, %c1, %c1, %c1) : (!llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i64) -> !llvm.ptr
    llvm.call @printMemrefC32(%c0, %z) : (i64, !llvm.ptr) -> ()
    // complex<f64>, 1-D of 3 with stride 2 (a descriptor of rank 1 is
    // the pointers, the offset, one size and one stride), through the C
    // interface.
    %s3 = llvm.alloca %c1 x !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> : (i64) -> !llvm.ptr
    %v = llvm.call @desc2(%s3, %b, %c0, %c3, %c2, %c0, %c0) : (!llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i64) -> !llvm.ptr
    %u = llvm.alloca %c1 x !llvm.struct<(i64, ptr)> : (i64) -> !llvm.ptr
    %e = llvm.mlir.undef : !llvm.struct<(i64, ptr)>
    %e0 = llvm.insertvalue %c1, %e[0] : !llvm.struct<(i64, ptr)>
    %e1 = llvm.insertvalue %v, %e0[1] : !llvm.struct<(i64, ptr)>
    llvm.store %e1, %u : !llvm.struct<(i64, ptr)>, !llvm.ptr
    llvm.call @_mlir_ciface_printMemrefC64(%u) : (!llvm.ptr) -> ()
    // complex<f64>, 2x3.
    %s4 = llvm.alloca %c1 x !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> : (i64) -> !llvm.ptr
    %w = llvm.call @desc2(%s4, %b, %c0, %c2, %c3, %c3, %c1) : (!llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i64) -> !llvm.ptr
    llvm.call @printMemrefC64(%c2, %w) : (i64, !llvm.ptr) -> ()
    llvm.return
  }
}
