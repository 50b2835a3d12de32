// RUN: strata-opt --finalize-memref-to-llvm %s | FileCheck %s

// Unranked memrefs (dealloc, dim and reinterpret_cast read the ranked
// descriptor they point to), rank-0 globals and allocations of vectors
// (aligned to their element size, as upstream).

// CHECK: llvm.mlir.global private @g0() {addr_space = 0 : i32} : f32
// CHECK-LABEL: func.func @f
// CHECK: llvm.load %{{.*}} : !llvm.ptr -> !llvm.ptr
// CHECK: llvm.call @free
// CHECK: llvm.getelementptr %{{.*}}[0, 2] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(ptr, ptr, i64)>
// CHECK: llvm.getelementptr %{{.*}}[1] : (!llvm.ptr) -> !llvm.ptr, vector<4xf32>
// CHECK: llvm.urem
memref.global "private" @g0 : memref<f32> = uninitialized
memref.global "private" @gv : memref<2xvector<4xf32>> = uninitialized
func.func @f(%u: memref<*xf32>, %i: index) -> f32 {
  memref.dealloc %u : memref<*xf32>
  %d = memref.dim %u, %i : memref<*xf32>
  %al = memref.alloc() : memref<2xvector<4xf32>>
  %g = memref.get_global @g0 : memref<f32>
  %x = memref.load %g[] : memref<f32>
  %r = memref.reinterpret_cast %u to offset: [0], sizes: [2], strides: [1] : memref<*xf32> to memref<2xf32>
  %vv = memref.get_global @gv : memref<2xvector<4xf32>>
  %s = memref.alloca() : memref<f32>
  memref.store %x, %s[] : memref<f32>
  return %x : f32
}
