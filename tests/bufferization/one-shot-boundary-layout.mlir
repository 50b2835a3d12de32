// RUN: strata-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" %s | FileCheck %s --check-prefix=IDENTITY
// RUN: strata-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=fully-dynamic-layout-map" %s | FileCheck %s --check-prefix=DYNAMIC
// RUN: strata-opt --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=infer-layout-map" %s | FileCheck %s --check-prefix=INFER

// A slice returned: with identity layouts it is copied into a new buffer,
// with fully dynamic ones it is returned as it is, and inferred results
// take its layout.
// IDENTITY-LABEL: func.func @slice(%{{.*}}: memref<?x?xf32>, %{{.*}}: index) -> memref<2x3xf32>
// IDENTITY: %[[S:.*]] = memref.subview
// IDENTITY-NEXT: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
// IDENTITY-NEXT: memref.copy %[[S]], %[[A]]
// IDENTITY-NEXT: return %[[A]] : memref<2x3xf32>
// DYNAMIC-LABEL: func.func @slice(%{{.*}}: memref<?x?xf32, strided<[?, ?], offset: ?>>, %{{.*}}: index) -> memref<2x3xf32, strided<[?, ?], offset: ?>>
// DYNAMIC-NEXT: %[[S:.*]] = memref.subview
// DYNAMIC-NEXT: return %[[S]]
// INFER-LABEL: func.func @slice(%{{.*}}: memref<?x?xf32, strided<[?, ?], offset: ?>>, %{{.*}}: index) -> memref<2x3xf32, strided<[?, ?], offset: ?>>
func.func @slice(%t: tensor<?x?xf32>, %o: index) -> tensor<2x3xf32> {
  %0 = tensor.extract_slice %t[%o, 0] [2, 3] [1, 1] : tensor<?x?xf32> to tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// A new buffer returned: cast to the fully dynamic layout.
// IDENTITY-LABEL: func.func @fill(%{{.*}}: f32) -> memref<8x8xf32>
// IDENTITY-NOT: memref.cast
// DYNAMIC-LABEL: func.func @fill(%{{.*}}: f32) -> memref<8x8xf32, strided<[?, ?], offset: ?>>
// DYNAMIC: %[[C:.*]] = memref.cast %{{.*}} : memref<8x8xf32> to memref<8x8xf32, strided<[?, ?], offset: ?>>
// DYNAMIC-NEXT: return %[[C]]
// INFER-LABEL: func.func @fill(%{{.*}}: f32) -> memref<8x8xf32>
func.func @fill(%f: f32) -> tensor<8x8xf32> {
  %e = tensor.empty() : tensor<8x8xf32>
  %1 = linalg.fill ins(%f : f32) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// A slice passed to a function whose arguments have the identity layout
// is copied; a fully dynamic argument takes it as it is.
// IDENTITY-LABEL: func.func @caller
// IDENTITY: %[[S:.*]] = memref.subview
// IDENTITY-NEXT: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
// IDENTITY-NEXT: memref.copy %[[S]], %[[A]]
// IDENTITY-NEXT: call @read(%[[A]]) : (memref<2x3xf32>) -> f32
// DYNAMIC-LABEL: func.func @caller
// DYNAMIC: %[[S:.*]] = memref.subview
// DYNAMIC-NEXT: call @read(%[[S]]) : (memref<2x3xf32, strided<[?, ?], offset: ?>>) -> f32
func.func @read(%t: tensor<2x3xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %e = tensor.extract %t[%c0, %c0] : tensor<2x3xf32>
  return %e : f32
}
func.func @caller(%t: tensor<?x?xf32>, %o: index) -> (f32, tensor<8x8xf32>) {
  %0 = tensor.extract_slice %t[%o, 0] [2, 3] [1, 1] : tensor<?x?xf32> to tensor<2x3xf32>
  %1 = func.call @read(%0) : (tensor<2x3xf32>) -> f32
  %f = func.call @fill(%1) : (f32) -> tensor<8x8xf32>
  return %1, %f : f32, tensor<8x8xf32>
}

// An external function's results have the fully dynamic layout unless
// identity layouts are asked for.
// IDENTITY-LABEL: func.func private @ext(memref<4xf32>) -> memref<4xf32>
// DYNAMIC-LABEL: func.func private @ext(memref<4xf32, strided<[?], offset: ?>>) -> memref<4xf32, strided<[?], offset: ?>>
// INFER-LABEL: func.func private @ext(memref<4xf32, strided<[?], offset: ?>>) -> memref<4xf32, strided<[?], offset: ?>>
func.func private @ext(tensor<4xf32>) -> tensor<4xf32>
