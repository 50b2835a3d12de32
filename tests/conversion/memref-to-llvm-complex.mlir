// RUN: strata-opt --finalize-memref-to-llvm %s | FileCheck %s

// complex<T> elements become !llvm.struct<(T, T)>: globals keep their
// dense value, sizes and addresses are computed on the struct.

// CHECK: llvm.mlir.global private constant @c32(dense<[(1.000000e+00,2.000000e+00), (3.000000e+00,-4.500000e+00)]> : tensor<2xcomplex<f32>>) {addr_space = 0 : i32} : !llvm.array<2 x struct<(f32, f32)>>
// CHECK-NEXT: llvm.mlir.global private constant @c64(dense<(1.500000e+00,-2.000000e+00)> : tensor<2x2xcomplex<f64>>) {addr_space = 0 : i32, alignment = 16 : i64} : !llvm.array<2 x array<2 x struct<(f64, f64)>>>
// CHECK-NEXT: llvm.mlir.global external @z16() {addr_space = 0 : i32} : !llvm.array<3 x struct<(f16, f16)>> {
// CHECK-NEXT: %0 = llvm.mlir.undef : !llvm.array<3 x struct<(f16, f16)>>
// CHECK: llvm.getelementptr %4[%3] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.struct<(f64, f64)>
// CHECK: llvm.getelementptr %7[0, 0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<2 x array<2 x struct<(f64, f64)>>>
// CHECK: llvm.getelementptr %23[%21] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.struct<(f32, f32)>
// CHECK: llvm.getelementptr %26[0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<2 x struct<(f32, f32)>>
// CHECK: llvm.getelementptr %42[0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<3 x struct<(f16, f16)>>

memref.global "private" constant @c32 : memref<2xcomplex<f32>> = dense<[(1.0,2.0),(3.0,-4.5)]>
memref.global "private" constant @c64 : memref<2x2xcomplex<f64>> = dense<(1.5,-2.0)> {alignment = 16 : i64}
memref.global @z16 : memref<3xcomplex<f16>> = uninitialized
func.func @f() -> memref<2x2xcomplex<f64>> {
  %0 = memref.get_global @c64 : memref<2x2xcomplex<f64>>
  %1 = memref.get_global @c32 : memref<2xcomplex<f32>>
  %2 = memref.get_global @z16 : memref<3xcomplex<f16>>
  return %0 : memref<2x2xcomplex<f64>>
}
