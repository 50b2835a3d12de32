// RUN: strata-opt %s | FileCheck %s

// llvm.getelementptr takes a vector of pointers as its base (and makes a
// vector of pointers), or a pointer with vector indices.

// CHECK-LABEL: llvm.func @vector_base
// CHECK-NEXT: %0 = llvm.getelementptr %arg0[%arg1] : (vector<2x!llvm.ptr>, i64) -> vector<2x!llvm.ptr>, i32
llvm.func @vector_base(%p: vector<2x!llvm.ptr>, %c: i64) -> vector<2x!llvm.ptr> {
  %x = llvm.getelementptr %p[%c] : (vector<2x!llvm.ptr>, i64) -> vector<2x!llvm.ptr>, i32
  llvm.return %x : vector<2x!llvm.ptr>
}

// CHECK-LABEL: llvm.func @vector_indices
// CHECK-NEXT: %0 = llvm.getelementptr inbounds %arg0[%arg1] : (!llvm.ptr, vector<4xi32>) -> vector<4x!llvm.ptr>, f32
llvm.func @vector_indices(%p: !llvm.ptr, %i: vector<4xi32>) -> vector<4x!llvm.ptr> {
  %x = llvm.getelementptr inbounds %p[%i] : (!llvm.ptr, vector<4xi32>) -> vector<4x!llvm.ptr>, f32
  llvm.return %x : vector<4x!llvm.ptr>
}
