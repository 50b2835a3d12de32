// RUN: strata-opt --split-input-file --one-shot-bufferize="dialect-filter=tensor" %s | FileCheck %s --check-prefix=TENSOR
// RUN: strata-opt --split-input-file --one-shot-bufferize="dialect-filter=scf,tensor,bufferization,func bufferize-function-boundaries allow-return-allocs-from-loops" %s | FileCheck %s

// With dialect-filter, a loop that would pass on a buffer that may be
// another iteration argument's yields a copy on tensors instead
// (bufferization.alloc_tensor ... copy), made before it is rewritten;
// the rewriting then makes no copy of its own.

// CHECK-LABEL: func.func @for_swapped
// CHECK: scf.for {{.*}} iter_args(%[[X:.*]] = %arg0, %[[Y:.*]] = %arg1)
// CHECK-NEXT: memref.store %arg3, %[[X]][%c0]
// CHECK-NEXT: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT: memref.copy %[[Y]], %[[A]]
// CHECK-NEXT: %[[B:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT: memref.copy %[[X]], %[[B]]
// TENSOR-LABEL: func.func @for_swapped
// TENSOR: %[[C:.*]] = bufferization.alloc_tensor() copy(%arg5) : tensor<4xf32>
// TENSOR: scf.yield %arg6, %{{.*}} : tensor<4xf32>, tensor<4xf32>
func.func @for_swapped(%a: tensor<4xf32>, %b: tensor<4xf32>, %n: index, %f: f32) -> (tensor<4xf32>, tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %b) -> (tensor<4xf32>, tensor<4xf32>) {
    %x2 = tensor.insert %f into %x[%c0] : tensor<4xf32>
    scf.yield %y, %x2 : tensor<4xf32>, tensor<4xf32>
  }
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @while_swapped
// CHECK: %[[C0:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT: memref.copy %arg5, %[[C0]]
// CHECK-NEXT: %[[C1:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT: memref.copy %arg4, %[[C1]]
// CHECK-NEXT: scf.condition(%{{.*}}) %[[C0]], %[[C1]]
// TENSOR-LABEL: func.func @while_swapped
// TENSOR: scf.condition(%{{.*}}) %arg5, %arg4 : tensor<4xf32>, tensor<4xf32>
func.func @while_swapped(%a: tensor<4xf32>, %b: tensor<4xf32>, %i: index, %f: f32) -> (tensor<4xf32>, tensor<4xf32>) {
  %r:2 = scf.while (%x = %a, %y = %b) : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
    %v = tensor.extract %x[%i] : tensor<4xf32>
    %go = arith.cmpf olt, %v, %f : f32
    scf.condition(%go) %y, %x : tensor<4xf32>, tensor<4xf32>
  } do {
  ^bb0(%p: tensor<4xf32>, %q: tensor<4xf32>):
    %w = tensor.insert %f into %q[%i] : tensor<4xf32>
    scf.yield %p, %w : tensor<4xf32>, tensor<4xf32>
  }
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}
