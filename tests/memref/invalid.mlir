// RUN: strata-opt --split-input-file --verify-diagnostics %s

// A subview at static zero offsets of a source with dynamic strides has a
// static zero offset: zero times a dynamic stride is zero, as in MLIR's
// SaturatedInteger arithmetic.

func.func @subview_zero_offset(%m: memref<?x?xf32>) {
  // expected-error @below {{expected result type to be 'memref<2x3xf32, strided<[?, 1]>>' or a rank-reduced version. (mismatch of result layout), but got 'memref<2x3xf32, strided<[?, 1], offset: ?>>'}}
  %0 = memref.subview %m[0, 0] [2, 3] [1, 1] : memref<?x?xf32> to memref<2x3xf32, strided<[?, 1], offset: ?>>
  return
}

// -----

func.func @subview_dynamic_offset(%m: memref<?x?xf32>) {
  // expected-error @below {{expected result type to be 'memref<2x3xf32, strided<[?, 1], offset: ?>>' or a rank-reduced version. (mismatch of result layout), but got 'memref<2x3xf32, strided<[?, 1]>>'}}
  %0 = memref.subview %m[1, 0] [2, 3] [1, 1] : memref<?x?xf32> to memref<2x3xf32, strided<[?, 1]>>
  return
}

// -----

// The type of a memref.global is written quoted in the parser's error.

// expected-error @+1 {{custom op 'memref.global' type should be static shaped memref, but got 'memref<?xf32>'}}
memref.global @dynamic : memref<?xf32>
