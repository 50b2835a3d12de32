// RUN: strata-opt --one-shot-bufferize="bufferize-function-boundaries test-analysis-only" --split-input-file %s | FileCheck %s

// The module analysis: callees are analyzed before their callers, and a
// call answers the analysis of its caller with what the analysis of its
// callee found (which arguments it reads and writes, which results are
// their buffers).

// A function without a body reads and writes its tensor arguments unless
// bufferization.access says otherwise.
// CHECK-LABEL: func.func private @opaque(tensor<8xf32> {bufferization.access = "read-write"})
// CHECK-LABEL: func.func private @reader(tensor<8xf32> {bufferization.access = "read"})
// CHECK-LABEL: func.func @use_opaque(
// CHECK-SAME: {bufferization.access = "read-write"}
// CHECK: linalg.fill {__inplace_operands_attr__ = ["none", "false"]}
// CHECK: call @reader(%{{.*}}) {__inplace_operands_attr__ = ["true"]}
// CHECK: call @opaque(%{{.*}}) {__inplace_operands_attr__ = ["true"]}
// CHECK: tensor.extract {{.*}} {__inplace_operands_attr__ = ["true", "none"]}
func.func private @opaque(tensor<8xf32>)
func.func private @reader(%t: tensor<8xf32> {bufferization.access = "read"})
func.func @use_opaque(%t: tensor<8xf32>, %f: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %0 = linalg.fill ins(%f : f32) outs(%t : tensor<8xf32>) -> tensor<8xf32>
  call @reader(%0) : (tensor<8xf32>) -> ()
  call @opaque(%t) : (tensor<8xf32>) -> ()
  %e = tensor.extract %0[%c0] : tensor<8xf32>
  return %e : f32
}

// -----

// A callee that writes its argument and returns it: the call's result is
// the argument's buffer, so the caller returns its own argument.
// CHECK-LABEL: func.func @set_first(
// CHECK-SAME: {bufferization.access = "read-write"}
// CHECK: return {__equivalent_func_args__ = [0], __inplace_operands_attr__ = ["true"]}
// CHECK-LABEL: func.func @twice(
// CHECK-SAME: {bufferization.access = "read-write"}
// CHECK: call @set_first(%{{.*}}) {__inplace_operands_attr__ = ["true", "none"]}
// CHECK: tensor.extract {{.*}} {__inplace_operands_attr__ = ["true", "none"]}
// CHECK: call @set_first(%{{.*}}) {__inplace_operands_attr__ = ["true", "none"]}
// CHECK: return {__equivalent_func_args__ = [-1, 0], __inplace_operands_attr__ = ["none", "true"]}
func.func @set_first(%t: tensor<4xf32>, %f: f32) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %0 = tensor.insert %f into %t[%c0] : tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func @twice(%t: tensor<4xf32>, %f: f32) -> (f32, tensor<4xf32>) {
  %c1 = arith.constant 1 : index
  %0 = call @set_first(%t, %f) : (tensor<4xf32>, f32) -> tensor<4xf32>
  %e = tensor.extract %0[%c1] : tensor<4xf32>
  %1 = call @set_first(%0, %e) : (tensor<4xf32>, f32) -> tensor<4xf32>
  return %e, %1 : f32, tensor<4xf32>
}

// -----

// A value the caller reads after the call must not be the buffer the
// callee writes.
// CHECK-LABEL: func.func @caller(
// CHECK: call @set_first(%{{.*}}) {__inplace_operands_attr__ = ["false", "none"]}
func.func @set_first(%t: tensor<4xf32>, %f: f32) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %0 = tensor.insert %f into %t[%c0] : tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func @caller(%t: tensor<4xf32>, %f: f32) -> (tensor<4xf32>, f32) {
  %c0 = arith.constant 0 : index
  %0 = call @set_first(%t, %f) : (tensor<4xf32>, f32) -> tensor<4xf32>
  %e = tensor.extract %t[%c0] : tensor<4xf32>
  return %0, %e : tensor<4xf32>, f32
}

// -----

// Functions on a call cycle, and their callers, are analyzed without
// what their callees tell: their calls read and write every operand, and
// their arguments are not annotated.
// CHECK-LABEL: func.func @ping(%arg0: tensor<?xf32>) -> tensor<?xf32>
// CHECK: call @pong(%arg0) {__inplace_operands_attr__ = ["true"]}
// CHECK-LABEL: func.func @pong(%arg0: tensor<?xf32>) -> tensor<?xf32>
// CHECK-LABEL: func.func @top(%arg0: tensor<?xf32>, %arg1: f32) -> f32
func.func @ping(%t: tensor<?xf32>) -> tensor<?xf32> {
  %0 = call @pong(%t) : (tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func @pong(%t: tensor<?xf32>) -> tensor<?xf32> {
  %0 = call @ping(%t) : (tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func @top(%t: tensor<?xf32>, %f: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %0 = call @ping(%t) : (tensor<?xf32>) -> tensor<?xf32>
  %e = tensor.extract %t[%c0] : tensor<?xf32>
  return %e : f32
}

// -----

// Several returns: each return that returns an argument's buffer says
// so; the call's result is that argument's buffer only when they agree.
// CHECK-LABEL: func.func @pick(
// CHECK: return {__equivalent_func_args__ = [1], __inplace_operands_attr__ = ["true"]}
// CHECK: return {__equivalent_func_args__ = [2], __inplace_operands_attr__ = ["true"]}
// CHECK-LABEL: func.func @use_pick(
// CHECK: call @pick(%{{.*}}) {__inplace_operands_attr__ = ["none", "true", "true"]}
// CHECK: return {__inplace_operands_attr__ = ["true"]}
func.func @pick(%c: i1, %a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  return %a : tensor<3xf32>
^bb2:
  return %b : tensor<3xf32>
}
func.func @use_pick(%c: i1, %a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  %0 = call @pick(%c, %a, %b) : (i1, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
