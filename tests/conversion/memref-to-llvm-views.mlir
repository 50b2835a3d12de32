// RUN: strata-opt --finalize-memref-to-llvm %s | FileCheck %s

// Globals, casts (to and from unranked), views, metadata and copies.

// CHECK: llvm.func @free(!llvm.ptr)
// CHECK: llvm.func @memrefCopy(i64, !llvm.ptr, !llvm.ptr)
// CHECK: llvm.mlir.global private constant @cst(dense<{{.*}}> : tensor<2x3xf32>) {addr_space = 0 : i32, alignment = 64 : i64} : !llvm.array<2 x array<3 x f32>>
// CHECK: llvm.mlir.global external @ext() {addr_space = 0 : i32} : !llvm.array<4 x i32>
// CHECK: llvm.mlir.undef : !llvm.array<4 x i32>
// CHECK: llvm.mlir.global private @scalar(2.500000e+00 : f32) {addr_space = 0 : i32} : f32
// CHECK-LABEL: func.func @f
// CHECK: llvm.mlir.addressof @cst : !llvm.ptr
// CHECK: llvm.mlir.constant(3735928559 : index) : i64
// CHECK: llvm.alloca %{{.*}} x !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> : (i64) -> !llvm.ptr
// CHECK: llvm.getelementptr %{{.*}}[0, %{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.array<2 x i64>
// CHECK-LABEL: func.func @copy
// CHECK: "llvm.intr.memcpy"
// CHECK: llvm.intr.stacksave : !llvm.ptr
// CHECK: llvm.call @memrefCopy
// CHECK: llvm.intr.stackrestore
// CHECK: llvm.call @free
memref.global "private" constant @cst : memref<2x3xf32> = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> {alignment = 64 : i64}
memref.global "private" @ctr : memref<1xi64> = dense<0>
memref.global @ext : memref<4xi32>
memref.global "private" @unin : memref<4xi32> = uninitialized
memref.global "private" @scalar : memref<f32> = dense<2.5>
func.func private @printMemrefF32(memref<*xf32>)
func.func @f(%a: memref<?x?xf32>, %i: index) -> index {
  %g = memref.get_global @cst : memref<2x3xf32>
  %u = memref.cast %g : memref<2x3xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %d = memref.dim %a, %i : memref<?x?xf32>
  %c1 = arith.constant 1 : index
  %d1 = memref.dim %a, %c1 : memref<?x?xf32>
  %r = memref.cast %g : memref<2x3xf32> to memref<?x3xf32>
  %v = memref.load %r[%i, %c1] : memref<?x3xf32>
  %back = memref.cast %u : memref<*xf32> to memref<?x?xf32>
  %w = memref.load %back[%i, %i] : memref<?x?xf32>
  %rc = memref.reinterpret_cast %a to offset: [2], sizes: [3, %i], strides: [%i, 1] : memref<?x?xf32> to memref<3x?xf32, strided<[?, 1], offset: 2>>
  memref.store %v, %rc[%c1, %i] : memref<3x?xf32, strided<[?, 1], offset: 2>>
  %b, %o, %sz:2, %st:2 = memref.extract_strided_metadata %a : memref<?x?xf32> -> memref<f32>, index, index, index, index, index
  %t = memref.transpose %a (i, j) -> (j, i) : memref<?x?xf32> to memref<?x?xf32, strided<[1, ?]>>
  memref.store %w, %t[%i, %c1] : memref<?x?xf32, strided<[1, ?]>>
  %x = arith.addi %d, %d1 : index
  %y = arith.addi %x, %sz#1 : index
  return %y : index
}
func.func @copy(%a: memref<2x3xf32>, %b: memref<2x3xf32>, %c: memref<2x3xf32, strided<[4, 1]>>, %d: memref<?xf32>) {
  memref.copy %a, %b : memref<2x3xf32> to memref<2x3xf32>
  memref.copy %a, %c : memref<2x3xf32> to memref<2x3xf32, strided<[4, 1]>>
  memref.dealloc %d : memref<?xf32>
  return
}
