// RUN: strata-opt --one-shot-bufferize=bufferize-function-boundaries %s | FileCheck %s

// scf.while carries the buffers of its tensors: the "before" arguments
// take the type of the init's buffer, the "after" arguments and the
// results that of what scf.condition passes on.

// CHECK-LABEL: func.func @count_down
// CHECK: scf.while (%[[A:.*]] = %arg0, %{{.*}} = %arg1) : (memref<8xi32, strided<[?], offset: ?>>, i32) -> (memref<8xi32, strided<[?], offset: ?>>, i32)
// CHECK: scf.condition(%{{.*}}) %[[A]], %{{.*}} : memref<8xi32, strided<[?], offset: ?>>, i32
// CHECK: ^bb0(%[[B:.*]]: memref<8xi32, strided<[?], offset: ?>>, %[[J:.*]]: i32):
// CHECK-NEXT: memref.store %[[J]], %[[B]][%{{.*}}]
// CHECK: scf.yield %[[B]], %{{.*}} : memref<8xi32, strided<[?], offset: ?>>, i32
func.func @count_down(%t: tensor<8xi32>, %n: i32) -> tensor<8xi32> {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %zero = arith.constant 0 : i32
  %r:2 = scf.while (%a = %t, %k = %n) : (tensor<8xi32>, i32) -> (tensor<8xi32>, i32) {
    %go = arith.cmpi sgt, %k, %zero : i32
    scf.condition(%go) %a, %k : tensor<8xi32>, i32
  } do {
  ^bb0(%b: tensor<8xi32>, %j: i32):
    %w = tensor.insert %j into %b[%c0] : tensor<8xi32>
    %j1 = arith.subi %j, %one : i32
    scf.yield %w, %j1 : tensor<8xi32>, i32
  }
  return %r#0 : tensor<8xi32>
}
