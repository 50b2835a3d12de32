// RUN: strata-opt --finalize-memref-to-llvm %s | FileCheck %s

// Dynamic sizes, aligned allocation, memref.dim (folded on an allocation)
// and strided layouts with static and dynamic offsets and strides.

// CHECK-LABEL: func.func @dyn
// CHECK: %[[N:.*]] = builtin.unrealized_conversion_cast %arg0 : index to i64
// CHECK: llvm.mul %{{.*}}, %[[N]] : i64
// CHECK: llvm.urem
// CHECK: llvm.inttoptr
// CHECK: llvm.alloca %{{.*}} x f32 : (i64) -> !llvm.ptr
// CHECK-LABEL: func.func @strided
// CHECK: llvm.extractvalue %{{.*}}[2]
// CHECK: llvm.extractvalue %{{.*}}[4, 0]
func.func @dyn(%n: index, %m: index) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc(%n) : memref<?x4xf32>
  %b = memref.alloc(%n, %m) {alignment = 64 : i64} : memref<?x?xf32>
  %d = memref.dim %b, %c0 : memref<?x?xf32>
  %v = memref.load %a[%d, %c0] : memref<?x4xf32>
  memref.store %v, %b[%c0, %m] : memref<?x?xf32>
  %s = memref.alloca(%m) : memref<?xf32>
  return %v : f32
}
func.func @strided(%a: memref<4x?xf32, strided<[?, 1], offset: ?>>, %b: memref<8xf32, strided<[2], offset: 3>>, %i: index) {
  %v = memref.load %a[%i, %i] : memref<4x?xf32, strided<[?, 1], offset: ?>>
  memref.store %v, %b[%i] : memref<8xf32, strided<[2], offset: 3>>
  return
}
