// RUN: strata-opt --one-shot-bufferize="bufferize-function-boundaries allow-return-allocs-from-loops" %s | FileCheck %s

// With allow-return-allocs-from-loops, scf.condition passes a copy of
// each tensor that is not the "before" argument of its position, or
// whose "do" yield is not its own argument; scf.yield casts its buffers
// to the "before" types.

// CHECK-LABEL: func.func @swap_in_condition
// CHECK: scf.while (%[[A:.*]] = %arg0, %[[B:.*]] = %arg1) : ({{.*}}) -> (memref<4xf32>, memref<4xf32>)
// CHECK: %[[C0:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT: memref.copy %[[B]], %[[C0]]
// CHECK-NEXT: %[[C1:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT: memref.copy %[[A]], %[[C1]]
// CHECK-NEXT: scf.condition(%{{.*}}) %[[C0]], %[[C1]] : memref<4xf32>, memref<4xf32>
// CHECK: ^bb0(%[[P:.*]]: memref<4xf32>, %[[Q:.*]]: memref<4xf32>):
// CHECK-NEXT: memref.store %arg3, %[[Q]][%arg2]
// CHECK-NEXT: memref.cast %[[P]] : memref<4xf32> to memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT: memref.cast %[[Q]] : memref<4xf32> to memref<4xf32, strided<[?], offset: ?>>
func.func @swap_in_condition(%x: tensor<4xf32>, %y: tensor<4xf32>, %i: index, %f: f32)
    -> (tensor<4xf32>, tensor<4xf32>) {
  %r:2 = scf.while (%a = %x, %b = %y) : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
    %v = tensor.extract %a[%i] : tensor<4xf32>
    %go = arith.cmpf olt, %v, %f : f32
    scf.condition(%go) %b, %a : tensor<4xf32>, tensor<4xf32>
  } do {
  ^bb0(%p: tensor<4xf32>, %q: tensor<4xf32>):
    %w = tensor.insert %f into %q[%i] : tensor<4xf32>
    scf.yield %p, %w : tensor<4xf32>, tensor<4xf32>
  }
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}

// A write in the loop of a tensor defined outside it writes a copy.
// CHECK-LABEL: func.func @writes_outer_tensor
// CHECK: } do {
// CHECK: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xi1>
// CHECK-NEXT: memref.copy %arg0, %[[A]]
// CHECK-NEXT: memref.store %{{.*}}, %[[A]][%arg2]
// CHECK-NEXT: %[[C:.*]] = memref.cast %[[A]]
// CHECK-NEXT: scf.yield %[[C]]
func.func @writes_outer_tensor(%t: tensor<4xi1>, %u: tensor<4xi1>, %i: index) {
  scf.while (%a = %u) : (tensor<4xi1>) -> () {
    %b = tensor.extract %t[%i] : tensor<4xi1>
    scf.condition(%b)
  } do {
    %true = arith.constant true
    %w = tensor.insert %true into %t[%i] : tensor<4xi1>
    scf.yield %w : tensor<4xi1>
  }
  return
}
