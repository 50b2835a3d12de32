// RUN: strata-opt --one-shot-bufferize="bufferize-function-boundaries allow-return-allocs-from-loops" %s | FileCheck %s

// With allow-return-allocs-from-loops, a loop may yield a new buffer.
// CHECK-LABEL: func.func @scf_for_new_tensor
// CHECK: scf.for
// CHECK: %[[E:.*]] = memref.alloc()
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[E]] :
// CHECK: scf.yield
func.func @scf_for_new_tensor(%A : tensor<4xf32>, %n : index, %x : f32) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %A) -> (tensor<4xf32>) {
    %e = tensor.empty() : tensor<4xf32>
    %f = linalg.fill ins(%x : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %f : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// A restricted to_tensor reads the buffer it is given.
// CHECK-LABEL: func.func @to_tensor_restrict
// CHECK: memref.load %arg0[
func.func @to_tensor_restrict(%m: memref<?xf32>, %idx: index) -> f32 {
  %0 = bufferization.to_tensor %m restrict : memref<?xf32> to tensor<?xf32>
  %1 = tensor.extract %0[%idx] : tensor<?xf32>
  return %1 : f32
}
