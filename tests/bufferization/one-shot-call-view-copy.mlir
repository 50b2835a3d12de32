// RUN: strata-opt --one-shot-bufferize=bufferize-function-boundaries %s | FileCheck %s

// A callee that returns a view of its argument without writing it. The
// caller overwrites the argument before reading the view: the analysis
// decides the call's operand out of place, and, as upstream, the call's
// result (the one value that may alias the operand) is copied after the
// call rather than the operand before it.
// CHECK-LABEL: func.func @main
// CHECK: %[[R:.*]] = call @return_slice(%[[T:[^,]*]],
// CHECK: %[[A:.*]] = memref.alloc(
// CHECK-NEXT: memref.copy %[[R]], %[[A]]
// CHECK-NEXT: linalg.fill {{.*}} outs(%[[T]] :
// CHECK-NEXT: memref.load %[[A]][
func.func @return_slice(%t: tensor<?xf32>, %sz: index) -> tensor<?xf32> {
  %0 = tensor.extract_slice %t[4][%sz][1] : tensor<?xf32> to tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func @main(%t: tensor<?xf32>, %sz: index, %idx: index) -> (f32, f32) {
  %cst = arith.constant 1.0 : f32
  %0 = call @return_slice(%t, %sz) : (tensor<?xf32>, index) -> tensor<?xf32>
  %filled = linalg.fill ins(%cst : f32) outs(%t : tensor<?xf32>) -> tensor<?xf32>
  %r1 = tensor.extract %0[%idx] : tensor<?xf32>
  %r2 = tensor.extract %filled[%idx] : tensor<?xf32>
  return %r1, %r2 : f32, f32
}

// Two results that may alias the same argument: neither is the one alias
// of the operand, so the operand is copied before the call.
// CHECK-LABEL: func.func @main2
// CHECK: %[[A:.*]] = memref.alloc(
// CHECK: memref.copy %{{.*}}, %[[A]]
// CHECK: %[[C:.*]] = memref.cast %[[A]]
// CHECK: call @two_slices(%[[C]],
func.func @two_slices(%t: tensor<?xf32>, %sz: index) -> (tensor<?xf32>, tensor<?xf32>) {
  %0 = tensor.extract_slice %t[4][%sz][1] : tensor<?xf32> to tensor<?xf32>
  %1 = tensor.extract_slice %t[2][%sz][1] : tensor<?xf32> to tensor<?xf32>
  return %0, %1 : tensor<?xf32>, tensor<?xf32>
}
func.func @main2(%t: tensor<?xf32>, %sz: index, %idx: index) -> (f32, f32, f32) {
  %cst = arith.constant 1.0 : f32
  %0:2 = call @two_slices(%t, %sz) : (tensor<?xf32>, index) -> (tensor<?xf32>, tensor<?xf32>)
  %filled = linalg.fill ins(%cst : f32) outs(%t : tensor<?xf32>) -> tensor<?xf32>
  %r1 = tensor.extract %0#0[%idx] : tensor<?xf32>
  %r2 = tensor.extract %0#1[%idx] : tensor<?xf32>
  %r3 = tensor.extract %filled[%idx] : tensor<?xf32>
  return %r1, %r2, %r3 : f32, f32, f32
}
