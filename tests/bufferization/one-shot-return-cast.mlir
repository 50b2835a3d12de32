// RUN: strata-opt --one-shot-bufferize=bufferize-function-boundaries %s | FileCheck %s
// RUN: strata-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" %s | FileCheck %s --check-prefix=IDENTITY

// A tensor.cast from an unranked tensor knows no offset or strides: its
// buffer has the fully dynamic layout. Returned under infer-layout-map,
// that is the boundary's type, and the returned memref.cast is folded
// into its source, whose type the function's result takes (as
// mlir-opt-22: the cast's shape is lost).
// CHECK-LABEL: func.func @ranked_from_unranked() -> memref<*xf32>
// CHECK: %[[S:.*]] = call @unranked() : () -> memref<*xf32>
// CHECK-NEXT: memref.cast %[[S]] : memref<*xf32> to memref<8xf32, strided<[?], offset: ?>>
// CHECK-NEXT: return %[[S]] : memref<*xf32>
// IDENTITY-LABEL: func.func @ranked_from_unranked() -> memref<8xf32>
// IDENTITY: memref.cast %{{.*}} : memref<*xf32> to memref<8xf32, strided<[?], offset: ?>>
// IDENTITY: memref.alloc() {{.*}} : memref<8xf32>
func.func private @unranked() -> tensor<*xf32>
func.func @ranked_from_unranked() -> tensor<8xf32> {
  %0 = func.call @unranked() : () -> tensor<*xf32>
  %1 = tensor.cast %0 : tensor<*xf32> to tensor<8xf32>
  return %1 : tensor<8xf32>
}

// From a dynamic to a static shape, the cast keeps the source's layout.
// CHECK-LABEL: func.func @static_from_dynamic() -> memref<?xf32, strided<[?], offset: ?>>
// CHECK: %[[S:.*]] = call @dynamic()
// CHECK-NEXT: memref.cast %[[S]] : memref<?xf32, strided<[?], offset: ?>> to memref<8xf32, strided<[?], offset: ?>>
// CHECK-NEXT: return %[[S]]
func.func private @dynamic() -> tensor<?xf32>
func.func @static_from_dynamic() -> tensor<8xf32> {
  %0 = func.call @dynamic() : () -> tensor<?xf32>
  %1 = tensor.cast %0 : tensor<?xf32> to tensor<8xf32>
  return %1 : tensor<8xf32>
}

// A cast to an unranked tensor that is returned folds as well.
// CHECK-LABEL: func.func @unranked_from_ranked(%{{.*}}: memref<4xf32, strided<[?], offset: ?>>) -> memref<4xf32, strided<[?], offset: ?>>
// CHECK: memref.cast
// CHECK-NEXT: return %arg0 : memref<4xf32, strided<[?], offset: ?>>
func.func @unranked_from_ranked(%t: tensor<4xf32>) -> tensor<*xf32> {
  %0 = tensor.cast %t : tensor<4xf32> to tensor<*xf32>
  return %0 : tensor<*xf32>
}

// A cast between ranked tensors keeps the layout of the source buffer,
// here the identity layout of a new allocation.
// CHECK-LABEL: func.func @ranked_identity
// CHECK: %[[A:.*]] = memref.alloc(%{{.*}}) {{.*}} : memref<?xf32>
// CHECK: memref.cast %[[A]] : memref<?xf32> to memref<4xf32>
func.func @ranked_identity(%sz: index, %i: index) -> f32 {
  %0 = bufferization.alloc_tensor(%sz) : tensor<?xf32>
  %1 = tensor.cast %0 : tensor<?xf32> to tensor<4xf32>
  %2 = tensor.extract %1[%i] : tensor<4xf32>
  return %2 : f32
}
