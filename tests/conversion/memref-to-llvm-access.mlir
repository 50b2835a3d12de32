// RUN: strata-opt --finalize-memref-to-llvm %s | FileCheck %s

// memref.load/store keep their alignment and nontemporal flag;
// memref.extract_aligned_pointer_as_index is a ptrtoint of the aligned pointer.

// CHECK-LABEL: func.func @ls
// CHECK: llvm.load %{{.*}} : !llvm.ptr -> f32
// CHECK: llvm.store %{{.*}}, %{{.*}} {nontemporal} : f32, !llvm.ptr
// CHECK: llvm.load %{{.*}} {nontemporal} : !llvm.ptr -> f32
// CHECK: llvm.load %{{.*}} : !llvm.ptr -> vector<4xf32>
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr -> f32
func.func @ls(%m: memref<f32>, %n: memref<4x?xf32, strided<[?, 1], offset: ?>>, %i: index, %j: index, %v: vector<4xf32>, %vm: memref<8xvector<4xf32>>) -> f32 {
  %a = memref.load %m[] : memref<f32>
  memref.store %a, %m[] {nontemporal = true} : memref<f32>
  %b = memref.load %n[%i, %j] {nontemporal = true} : memref<4x?xf32, strided<[?, 1], offset: ?>>
  memref.store %b, %n[%i, %j] : memref<4x?xf32, strided<[?, 1], offset: ?>>
  %c = memref.load %vm[%i] : memref<8xvector<4xf32>>
  memref.store %c, %vm[%j] : memref<8xvector<4xf32>>
  %d = memref.load %m[] {alignment = 16} : memref<f32>
  return %b : f32
}
// CHECK-LABEL: func.func @ep
// CHECK: %[[P:.*]] = llvm.extractvalue %{{.*}}[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: llvm.ptrtoint %[[P]] : !llvm.ptr to i64
// CHECK: llvm.ptrtoint %{{.*}} : !llvm.ptr<3> to i64
func.func @ep(%m: memref<4x8xf32>, %s: memref<?xf32, 3>) -> (index, index) {
  %x = memref.extract_aligned_pointer_as_index %m : memref<4x8xf32> -> index
  %y = memref.extract_aligned_pointer_as_index %s : memref<?xf32, 3> -> index
  return %x, %y : index, index
}
