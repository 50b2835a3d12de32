// RUN: strata-opt --one-shot-bufferize="bufferize-function-boundaries" --split-input-file %s | FileCheck %s
// NO-DIFF: mlir-opt-22 crashes on loops and branches over a dialect's tensor-like type

// Loops and branches carry a dialect's tensor-like values as they carry
// builtin tensors: their arguments and results take the buffer-like type
// of their inits. The values are not analyzed: what a loop yields is
// passed on as it is, without the equivalence check or copies builtin
// tensors get (upstream's later behaviour).

// CHECK-LABEL: func.func @scf_for(
// CHECK-SAME: %[[ARG:.+]]: !test.test_memref<[4, 4], f64>, %[[LB:.+]]: index, %[[UB:.+]]: index, %[[STEP:.+]]: index) -> !test.test_memref<[4, 4], f64>
// CHECK-NEXT: %[[LOOP:.+]] = scf.for %{{.*}} = %[[LB]] to %[[UB]] step %[[STEP]] iter_args(%[[ITER:.+]] = %[[ARG]]) -> (!test.test_memref<[4, 4], f64>) {
// CHECK-NEXT: %[[OUT:.+]] = "test.dummy_memref_op"(%[[ITER]])
// CHECK-NEXT: scf.yield %[[OUT]] : !test.test_memref<[4, 4], f64>
// CHECK: return %[[LOOP]] : !test.test_memref<[4, 4], f64>
func.func @scf_for(%arg: !test.test_tensor<[4, 4], f64>, %lb: index, %ub: index, %step: index)
    -> !test.test_tensor<[4, 4], f64> {
  %loop = scf.for %i = %lb to %ub step %step iter_args(%iter = %arg) -> (!test.test_tensor<[4, 4], f64>) {
    %out = "test.dummy_tensor_op"(%iter) : (!test.test_tensor<[4, 4], f64>) -> !test.test_tensor<[4, 4], f64>
    scf.yield %out : !test.test_tensor<[4, 4], f64>
  }
  return %loop : !test.test_tensor<[4, 4], f64>
}

// -----

// CHECK-LABEL: func.func @scf_if(
// CHECK-SAME: %[[ARG:.+]]: !test.test_memref<[4, 4], f64>, %[[C:.+]]: i1) -> !test.test_memref<[4, 4], f64>
// CHECK-NEXT: %[[R:.+]] = scf.if %[[C]] -> (!test.test_memref<[4, 4], f64>) {
// CHECK-NEXT: %[[D:.+]] = func.call @identity(%[[ARG]]) : (!test.test_memref<[4, 4], f64>) -> !test.test_memref<[4, 4], f64>
// CHECK-NEXT: scf.yield %[[D]]
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[ARG]]
// CHECK: return %[[R]]
func.func private @identity(%arg: !test.test_tensor<[4, 4], f64>) -> !test.test_tensor<[4, 4], f64> {
  %out = "test.dummy_tensor_op"(%arg) : (!test.test_tensor<[4, 4], f64>) -> !test.test_tensor<[4, 4], f64>
  return %out : !test.test_tensor<[4, 4], f64>
}

func.func @scf_if(%arg: !test.test_tensor<[4, 4], f64>, %cond: i1) -> !test.test_tensor<[4, 4], f64> {
  %res = scf.if %cond -> (!test.test_tensor<[4, 4], f64>) {
    %call = func.call @identity(%arg) : (!test.test_tensor<[4, 4], f64>) -> !test.test_tensor<[4, 4], f64>
    scf.yield %call : !test.test_tensor<[4, 4], f64>
  } else {
    scf.yield %arg : !test.test_tensor<[4, 4], f64>
  }
  return %res : !test.test_tensor<[4, 4], f64>
}

// -----

// CHECK-LABEL: func.func @scf_while(
// CHECK-SAME: %[[ARG:.+]]: !test.test_memref<[4, 4], f64>, %[[C:.+]]: i1) -> !test.test_memref<[4, 4], f64>
// CHECK-NEXT: %[[L:.+]] = scf.while (%[[B:.+]] = %[[ARG]]) : (!test.test_memref<[4, 4], f64>) -> !test.test_memref<[4, 4], f64> {
// CHECK-NEXT: scf.condition(%[[C]]) %[[B]] : !test.test_memref<[4, 4], f64>
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%[[A:.+]]: !test.test_memref<[4, 4], f64>):
// CHECK-NEXT: %[[D:.+]] = "test.dummy_memref_op"(%[[A]])
// CHECK-NEXT: scf.yield %[[D]]
// CHECK: return %[[L]]
func.func @scf_while(%arg: !test.test_tensor<[4, 4], f64>, %cond: i1) -> !test.test_tensor<[4, 4], f64> {
  %loop = scf.while (%iter = %arg) : (!test.test_tensor<[4, 4], f64>) -> !test.test_tensor<[4, 4], f64> {
    scf.condition(%cond) %iter : !test.test_tensor<[4, 4], f64>
  } do {
  ^bb0(%current: !test.test_tensor<[4, 4], f64>):
    %dummy = "test.dummy_tensor_op"(%current) : (!test.test_tensor<[4, 4], f64>) -> !test.test_tensor<[4, 4], f64>
    scf.yield %dummy : !test.test_tensor<[4, 4], f64>
  }
  return %loop : !test.test_tensor<[4, 4], f64>
}

// -----

// A loop over a builtin tensor and a tensor-like value together: the
// builtin tensor is analyzed and written in place, the other passed on.

// CHECK-LABEL: func.func @mixed(
// CHECK: scf.for {{.*}} iter_args(%[[A:.+]] = %{{.+}}, %[[B:.+]] = %{{.+}}) -> (!test.test_memref<[4], f64>, memref<4xf64, strided<[?], offset: ?>>) {
// CHECK-NEXT: %[[D:.+]] = "test.dummy_memref_op"(%[[A]])
// CHECK-NEXT: memref.store %{{.*}}, %[[B]][%{{.*}}]
// CHECK-NEXT: scf.yield %[[D]], %[[B]]
func.func @mixed(%arg: !test.test_tensor<[4], f64>, %t: tensor<4xf64>, %lb: index, %ub: index)
    -> (!test.test_tensor<[4], f64>, tensor<4xf64>) {
  %c0 = arith.constant 0.0 : f64
  %r:2 = scf.for %i = %lb to %ub step %lb iter_args(%a = %arg, %b = %t) -> (!test.test_tensor<[4], f64>, tensor<4xf64>) {
    %1 = "test.dummy_tensor_op"(%a) : (!test.test_tensor<[4], f64>) -> !test.test_tensor<[4], f64>
    %2 = tensor.insert %c0 into %b[%i] : tensor<4xf64>
    scf.yield %1, %2 : !test.test_tensor<[4], f64>, tensor<4xf64>
  }
  return %r#0, %r#1 : !test.test_tensor<[4], f64>, tensor<4xf64>
}
