// RUN: strata-opt --one-shot-bufferize=bufferize-function-boundaries %s | FileCheck %s

// tensor.splat: a new buffer filled by a linalg.map yielding the value.
// CHECK-LABEL: func.func @splat
// CHECK-SAME: (%[[V:.*]]: f32) -> memref<2x3xf32>
// CHECK: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
// CHECK-NEXT: linalg.map outs(%[[A]] : memref<2x3xf32>)
// CHECK-NEXT: (%{{.*}}: f32) {
// CHECK-NEXT: linalg.yield %[[V]] : f32
// CHECK: return %[[A]] : memref<2x3xf32>
func.func @splat(%v: f32) -> tensor<2x3xf32> {
  %t = tensor.splat %v : tensor<2x3xf32>
  return %t : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @splat_dynamic
// CHECK: %[[A:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?x4xi32>
// CHECK-NEXT: linalg.map outs(%[[A]] : memref<?x4xi32>)
func.func @splat_dynamic(%v: i32, %n: index) -> tensor<?x4xi32> {
  %t = tensor.splat %v[%n] : tensor<?x4xi32>
  return %t : tensor<?x4xi32>
}

// tensor.concat: a new buffer, one subview and copy per input.
// CHECK-LABEL: func.func @concat
// CHECK-SAME: (%[[A:.*]]: memref<2x3xf32, strided<[?, ?], offset: ?>>, %[[B:.*]]: memref<1x3xf32, strided<[?, ?], offset: ?>>) -> memref<3x3xf32>
// CHECK: %[[R:.*]] = memref.alloc() {alignment = 64 : i64} : memref<3x3xf32>
// CHECK-NEXT: %[[S0:.*]] = memref.subview %[[R]][0, 0] [2, 3] [1, 1] : memref<3x3xf32> to memref<2x3xf32, strided<[3, 1]>>
// CHECK-NEXT: memref.copy %[[A]], %[[S0]] : memref<2x3xf32, strided<[?, ?], offset: ?>> to memref<2x3xf32, strided<[3, 1]>>
// CHECK-NEXT: %[[S1:.*]] = memref.subview %[[R]][2, 0] [1, 3] [1, 1] : memref<3x3xf32> to memref<1x3xf32, strided<[3, 1], offset: 6>>
// CHECK-NEXT: memref.copy %[[B]], %[[S1]] : memref<1x3xf32, strided<[?, ?], offset: ?>> to memref<1x3xf32, strided<[3, 1], offset: 6>>
// CHECK: return %[[R]] : memref<3x3xf32>
func.func @concat(%a: tensor<2x3xf32>, %b: tensor<1x3xf32>) -> tensor<3x3xf32> {
  %c = tensor.concat dim(0) %a, %b : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<3x3xf32>
  return %c : tensor<3x3xf32>
}

// CHECK-LABEL: func.func @concat_inner
// CHECK: %[[R:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2x4xf32>
// CHECK-NEXT: memref.subview %[[R]][0, 0] [2, 3] [1, 1] : memref<2x4xf32> to memref<2x3xf32, strided<[4, 1]>>
// CHECK-NEXT: memref.copy
// CHECK-NEXT: memref.subview %[[R]][0, 3] [2, 1] [1, 1] : memref<2x4xf32> to memref<2x1xf32, strided<[4, 1], offset: 3>>
// CHECK-NEXT: memref.copy
func.func @concat_inner(%a: tensor<2x3xf32>, %b: tensor<2x1xf32>) -> tensor<2x4xf32> {
  %c = tensor.concat dim(1) %a, %b : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x4xf32>
  return %c : tensor<2x4xf32>
}

// scf.forall: the shared output's buffer is written through a subview and
// a copy per tensor.parallel_insert_slice; the loop loses its results.
// CHECK-LABEL: func.func @forall
// CHECK: %[[O:.*]] = memref.alloc() {alignment = 64 : i64} : memref<3x4xf32>
// CHECK-NEXT: scf.forall (%[[I:.*]]) in (3) {
// CHECK: %[[T:.*]] = memref.alloc() {alignment = 64 : i64} : memref<1x4xf32>
// CHECK: linalg.add
// CHECK-NEXT: %[[S:.*]] = memref.subview %[[O]][%[[I]], 0] [1, 4] [1, 1] : memref<3x4xf32> to memref<1x4xf32, strided<[4, 1], offset: ?>>
// CHECK-NEXT: memref.copy %[[T]], %[[S]]
// CHECK-NEXT: }
// CHECK: return %[[O]] : memref<3x4xf32>
func.func @forall(%base: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %out = tensor.empty() : tensor<3x4xf32>
  %fa = scf.forall (%i) in (3) shared_outs(%o = %out) -> (tensor<3x4xf32>) {
    %r = tensor.extract_slice %base[%i, 0] [1, 4] [1, 1] : tensor<3x4xf32> to tensor<1x4xf32>
    %e = tensor.empty() : tensor<1x4xf32>
    %d = linalg.add ins(%r, %r : tensor<1x4xf32>, tensor<1x4xf32>) outs(%e : tensor<1x4xf32>) -> tensor<1x4xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %d into %o[%i, 0] [1, 4] [1, 1] : tensor<1x4xf32> into tensor<3x4xf32>
    }
  }
  return %fa : tensor<3x4xf32>
}

// A shared output that is read after the loop is copied first.
// CHECK-LABEL: func.func @forall_copy
// CHECK: %[[F:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT: linalg.fill
// CHECK-NEXT: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT: memref.copy %[[F]], %[[A]]
// CHECK-NEXT: scf.forall (%[[I:.*]]) in (4) {
// CHECK: memref.subview %[[A]][%[[I]]] [1] [1]
// CHECK: return %[[A]], %[[F]]
func.func @forall_copy(%t: tensor<4xf32>, %v: f32) -> (tensor<4xf32>, tensor<4xf32>) {
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%v : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = scf.forall (%i) in (4) shared_outs(%o = %f) -> (tensor<4xf32>) {
    %s = tensor.extract_slice %t[%i] [1] [1] : tensor<4xf32> to tensor<1xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%i] [1] [1] : tensor<1xf32> into tensor<4xf32>
    }
  }
  return %r, %f : tensor<4xf32>, tensor<4xf32>
}
