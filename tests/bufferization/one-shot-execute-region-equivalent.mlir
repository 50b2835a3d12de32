// RUN: strata-opt --one-shot-bufferize="bufferize-function-boundaries test-analysis-only" %s | FileCheck %s
// RUN: strata-opt --one-shot-bufferize="bufferize-function-boundaries" %s | FileCheck %s --check-prefix=REWRITE

// The tensor an scf.execute_region yields in place is its result's
// buffer: the function returns its argument's buffer, and the result
// is marked equivalent to the argument.
// CHECK-LABEL: func.func private @execute_region_test
// CHECK: return {__equivalent_func_args__ = [-1, 0, -1], __inplace_operands_attr__ = ["none", "true", "none"]}
func.func private @execute_region_test(%t1 : tensor<?xf32>) -> (f32, tensor<?xf32>, f32) {
  %f1 = arith.constant 0.0 : f32
  %f2 = arith.constant 1.0 : f32
  %idx = arith.constant 7 : index
  %0, %1, %2 = scf.execute_region -> (f32, tensor<?xf32>, f32) {
    %t2 = tensor.insert %f2 into %t1[%idx] : tensor<?xf32>
    scf.yield %f1, %t2, %f2 : f32, tensor<?xf32>, f32
  }
  return %0, %1, %2 : f32, tensor<?xf32>, f32
}

// A caller reads its argument after the call, which writes it: the
// operand is copied before the call.
// REWRITE-LABEL: func.func @caller
// REWRITE: %[[A:.*]] = memref.alloc(
// REWRITE: memref.copy %arg0, %[[A]]
// REWRITE: %[[C:.*]] = memref.cast %[[A]]
// REWRITE: %[[R:.*]]:3 = call @execute_region_test(%[[C]])
// REWRITE: memref.load %[[R]]#1[
func.func @caller(%t: tensor<?xf32>, %i: index) -> (f32, f32) {
  %0:3 = call @execute_region_test(%t) : (tensor<?xf32>) -> (f32, tensor<?xf32>, f32)
  %a = tensor.extract %0#1[%i] : tensor<?xf32>
  %b = tensor.extract %t[%i] : tensor<?xf32>
  return %a, %b : f32, f32
}
