// SIGNATURE: verify after canonicalize: expected offsets to be non-negative, but got -N
// PIPELINE: builtin.module(canonicalize)
func.func @reinterpret_constants(%m: memref<?xf32>) -> memref<10x?xf32, strided<[?, 1], offset: ?>> {
  %c0 = arith.constant -1 : index
  %c10 = arith.constant 10 : index
  %r = memref.reinterpret_cast %m to offset: [%c0], sizes: [10, %c10], strides: [%c10, 1] : memref<?xf32> to memref<10x?xf32, strided<[?, 1], offset: ?>>
  return %r : memref<10x?xf32, strided<[?, 1], offset: ?>>
}
