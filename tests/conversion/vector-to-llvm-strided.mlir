// RUN: strata-opt --convert-vector-to-llvm %s | FileCheck %s

// vector.load and vector.store on memrefs of a dynamic offset and of
// dynamic strides with a unit innermost stride: the address is the
// aligned pointer moved by the descriptor's offset, then by the indices
// times the strides (static ones as constants, dynamic ones from the
// descriptor), as mlir-opt-22 prints it.

// CHECK-LABEL: func.func @offset
// CHECK: %[[D:.*]] = builtin.unrealized_conversion_cast %arg0 : memref<4x8xf32, strided<[8, 1], offset: ?>> to !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: %[[P:.*]] = llvm.extractvalue %[[D]][1]
// CHECK-NEXT: %[[O:.*]] = llvm.extractvalue %[[D]][2]
// CHECK-NEXT: %[[B:.*]] = llvm.getelementptr %[[P]][%[[O]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT: %[[S:.*]] = llvm.mlir.constant(8 : index) : i64
// CHECK-NEXT: %[[R:.*]] = llvm.mul %{{.*}}, %[[S]] : i64
// CHECK-NEXT: %[[I:.*]] = llvm.add %[[R]], %{{.*}} : i64
// CHECK-NEXT: %[[A:.*]] = llvm.getelementptr %[[B]][%[[I]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT: %{{.*}} = llvm.load %[[A]] {alignment = 4 : i64} : !llvm.ptr -> vector<4xf32>
// CHECK: llvm.store
func.func @offset(%m: memref<4x8xf32, strided<[8, 1], offset: ?>>, %i: index, %j: index) -> vector<4xf32> {
  %v = vector.load %m[%i, %j] : memref<4x8xf32, strided<[8, 1], offset: ?>>, vector<4xf32>
  vector.store %v, %m[%j, %i] : memref<4x8xf32, strided<[8, 1], offset: ?>>, vector<4xf32>
  return %v : vector<4xf32>
}

// CHECK-LABEL: func.func @strides
// CHECK: llvm.extractvalue %{{.*}}[2]
// CHECK: %[[S:.*]] = llvm.extractvalue %{{.*}}[4, 0]
// CHECK-NEXT: llvm.mul %{{.*}}, %[[S]] : i64
// CHECK: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr -> vector<4xf32>
func.func @strides(%m: memref<?x?xf32, strided<[?, 1], offset: ?>>, %i: index, %j: index) -> vector<4xf32> {
  %v = vector.load %m[%i, %j] : memref<?x?xf32, strided<[?, 1], offset: ?>>, vector<4xf32>
  return %v : vector<4xf32>
}

