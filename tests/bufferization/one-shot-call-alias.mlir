// RUN: strata-opt --one-shot-bufferize=bufferize-function-boundaries %s | FileCheck %s
// NO-DIFF: mlir-opt-22 stores into the result of @constant in place, that
// is into the constant memref.global; Strata copies it first. The other
// functions print as mlir-opt-22 prints them.

// A callee that returns its argument: the call's result is the caller's
// argument buffer, so writing the result must not write the argument,
// which is read afterwards. The analysis decides the call's operand out
// of place, and the result, which the callee does not write, is copied.
// CHECK-LABEL: func.func @caller
// CHECK: %[[R:.*]] = call @pass_through(%[[A:.*]]) :
// CHECK-NEXT: %[[C:.*]] = memref.alloc()
// CHECK-NEXT: memref.copy %[[R]], %[[C]]
// CHECK-NEXT: memref.store %{{.*}}, %[[C]][
// CHECK-NEXT: memref.load %[[A]][
func.func @pass_through(%t: tensor<4xf32>) -> tensor<4xf32> {
  return %t : tensor<4xf32>
}
func.func @caller(%t: tensor<4xf32>, %f: f32) -> (tensor<4xf32>, f32) {
  %c0 = arith.constant 0 : index
  %0 = func.call @pass_through(%t) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = tensor.insert %f into %0[%c0] : tensor<4xf32>
  %e = tensor.extract %t[%c0] : tensor<4xf32>
  return %1, %e : tensor<4xf32>, f32
}

// A callee that returns a constant: the result must not be written.
// CHECK-LABEL: func.func @caller_of_constant
// CHECK: %[[R:.*]] = call @constant() :
// CHECK-NEXT: %[[C:.*]] = memref.alloc()
// CHECK-NEXT: memref.copy %[[R]], %[[C]]
// CHECK-NEXT: memref.store %{{.*}}, %[[C]][
func.func @constant() -> tensor<4xf32> {
  %c = arith.constant dense<1.0> : tensor<4xf32>
  return %c : tensor<4xf32>
}
func.func @caller_of_constant(%f: f32) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %0 = func.call @constant() : () -> tensor<4xf32>
  %1 = tensor.insert %f into %0[%c0] : tensor<4xf32>
  return %1 : tensor<4xf32>
}

// A callee that returns a new buffer: the caller writes it in place.
// CHECK-LABEL: func.func @caller_of_fresh
// CHECK: %[[R:.*]] = call @fresh(
// CHECK-NOT: memref.alloc
// CHECK: memref.store %{{.*}}, %[[R]][
func.func @fresh(%f: f32) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %1 = linalg.fill ins(%f : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
func.func @caller_of_fresh(%f: f32) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %0 = func.call @fresh(%f) : (f32) -> tensor<4xf32>
  %1 = tensor.insert %f into %0[%c0] : tensor<4xf32>
  return %1 : tensor<4xf32>
}
