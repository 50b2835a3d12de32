// RUN: strata-opt --finalize-memref-to-llvm %s | FileCheck %s

// memref.alloca_scope (inlined between stacksave and stackrestore),
// memref.rank and memref.view.

// CHECK-LABEL: func.func @scope
// CHECK: %[[S:.*]] = llvm.intr.stacksave : !llvm.ptr
// CHECK-NEXT: llvm.br ^bb1
// CHECK: llvm.alloca
// CHECK: llvm.intr.stackrestore %[[S]] : !llvm.ptr
// CHECK-NEXT: llvm.br ^bb2(%{{.*}} : f32)
// CHECK: ^bb2(%[[R:.*]]: f32):
// CHECK-NEXT: llvm.br ^bb3
// CHECK: return %[[R]] : f32
func.func @scope(%n: index) -> f32 {
  %r = memref.alloca_scope -> f32 {
    %a = memref.alloca(%n) : memref<?xf32>
    %c0 = arith.constant 0 : index
    %v = memref.load %a[%c0] : memref<?xf32>
    memref.alloca_scope.return %v : f32
  }
  return %r : f32
}
// CHECK-LABEL: func.func @s0
// CHECK: llvm.intr.stackrestore
// CHECK-NEXT: llvm.br ^bb2
// CHECK: ^bb2:
// CHECK-NEXT: return
func.func @s0(%n: index) {
  memref.alloca_scope {
    %a = memref.alloca(%n) : memref<?xf32>
  }
  return
}
// CHECK-LABEL: func.func @rank
// CHECK: llvm.extractvalue %{{.*}}[0] : !llvm.struct<(i64, ptr)>
func.func @rank(%u: memref<*xf32>) -> index {
  %r = memref.rank %u : memref<*xf32>
  return %r : index
}
// CHECK-LABEL: func.func @rank2
// CHECK: llvm.mlir.constant(2 : index) : i64
func.func @rank2(%u: memref<?x?xf32>) -> index {
  %r = memref.rank %u : memref<?x?xf32>
  return %r : index
}
// CHECK-LABEL: func.func @view
// CHECK: llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK: llvm.mlir.constant(64 : index) : i64
func.func @view(%b: memref<2048xi8>, %o: index, %n: index) -> (memref<64x4xf32>, memref<?x4xf32>) {
  %v = memref.view %b[%o][] : memref<2048xi8> to memref<64x4xf32>
  %w = memref.view %b[%o][%n] : memref<2048xi8> to memref<?x4xf32>
  return %v, %w : memref<64x4xf32>, memref<?x4xf32>
}
// CHECK-LABEL: func.func @v0
// CHECK: llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64)>
// CHECK: %[[ONE:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK: llvm.mul %[[ONE]], %{{.*}} : i64
func.func @v0(%b: memref<2048xi8>, %o: index, %n: index, %m: index) -> (memref<f32>, memref<?x?xf32>) {
  %v = memref.view %b[%o][] : memref<2048xi8> to memref<f32>
  %w = memref.view %b[%o][%n, %m] : memref<2048xi8> to memref<?x?xf32>
  return %v, %w : memref<f32>, memref<?x?xf32>
}
