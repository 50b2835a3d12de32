// RUN: strata-opt --finalize-memref-to-llvm %s | FileCheck %s

// memref.memory_space_cast unpacks the descriptor, casts both pointers
// with llvm.addrspacecast and packs the result's descriptor.

// CHECK-LABEL: func.func @c
// CHECK: %[[A:.*]] = llvm.extractvalue %{{.*}}[0]
// CHECK-NEXT: %[[B:.*]] = llvm.extractvalue %{{.*}}[1]
// CHECK: llvm.addrspacecast %[[A]] : !llvm.ptr to !llvm.ptr<1>
// CHECK-NEXT: llvm.addrspacecast %[[B]] : !llvm.ptr to !llvm.ptr<1>
// CHECK: llvm.mlir.poison : !llvm.struct<(ptr<1>, ptr<1>, i64, array<2 x i64>, array<2 x i64>)>
func.func @c(%m: memref<4x?xf32>) -> memref<4x?xf32, 1> {
  %r = memref.memory_space_cast %m : memref<4x?xf32> to memref<4x?xf32, 1>
  return %r : memref<4x?xf32, 1>
}

// CHECK-LABEL: func.func @c0
// CHECK: llvm.addrspacecast %{{.*}} : !llvm.ptr<3> to !llvm.ptr
// CHECK: llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64)>
func.func @c0(%m: memref<f32, 3>) -> memref<f32> {
  %r = memref.memory_space_cast %m : memref<f32, 3> to memref<f32>
  return %r : memref<f32>
}
