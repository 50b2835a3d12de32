// RUN: strata-opt --finalize-memref-to-llvm %s | FileCheck %s

// memref.assume_alignment: llvm.intr.assume with an "align" bundle of the
// buffer pointer (moved by the offset); the result is the operand.

// CHECK-LABEL: func.func @align(
// CHECK: %[[P:.*]] = llvm.extractvalue %{{.*}}[1]
// CHECK: %[[T:.*]] = llvm.mlir.constant(true) : i1
// CHECK: %[[A:.*]] = llvm.mlir.constant(16 : index) : i64
// CHECK: llvm.intr.assume %[[T]] ["align"(%[[P]], %[[A]] : !llvm.ptr, i64)] : i1
// CHECK: return %arg0
func.func @align(%m: memref<4x?xf32>) -> memref<4x?xf32> {
  %r = memref.assume_alignment %m, 16 : memref<4x?xf32>
  return %r : memref<4x?xf32>
}
// CHECK-LABEL: func.func @align2
// CHECK: %[[G:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK: llvm.intr.assume %{{.*}} ["align"(%[[G]], %{{.*}} : !llvm.ptr, i64)] : i1
func.func @align2(%m: memref<4xf32, strided<[1], offset: 3>>, %i: index) -> f32 {
  %r = memref.assume_alignment %m, 8 : memref<4xf32, strided<[1], offset: 3>>
  %v = memref.load %r[%i] : memref<4xf32, strided<[1], offset: 3>>
  return %v : f32
}
// CHECK-LABEL: func.func @align3
// CHECK: llvm.extractvalue %{{.*}}[2]
func.func @align3(%m: memref<?xf32, strided<[1], offset: ?>>) {
  %r = memref.assume_alignment %m, 64 : memref<?xf32, strided<[1], offset: ?>>
  return
}
