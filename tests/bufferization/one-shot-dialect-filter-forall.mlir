// RUN: strata-opt --split-input-file --one-shot-bufferize="dialect-filter=tensor" %s | FileCheck %s
// RUN: strata-opt --split-input-file --one-shot-bufferize="dialect-filter=tensor,bufferization" %s | FileCheck %s

// An scf.forall left on tensors by dialect-filter keeps its
// tensor.parallel_insert_slice writing its shared output in place, even
// where the analysis finds the shared output's buffer may not be written
// (it is an argument of an operation it does not bufferize): no copy is
// made on tensors, and the in_parallel terminator is left empty.

// CHECK-LABEL: func.func @forall_left_on_tensors
// CHECK: %[[IN:.*]] = bufferization.to_buffer %arg0
// CHECK: scf.forall (%[[I:.*]]) in (100) shared_outs(%[[O:.*]] = %arg1) -> (tensor<100xf32>) {
// CHECK-NEXT: %[[M:.*]] = bufferization.to_buffer %[[O]]
// CHECK-NEXT: %[[S:.*]] = memref.subview %[[IN]][%[[I]]] [1] [1]
// CHECK-NEXT: %[[D:.*]] = memref.subview %[[M]][%[[I]]] [1] [1]
// CHECK-NEXT: memref.copy %[[S]], %[[D]]
// CHECK-NEXT: scf.forall.in_parallel {
// CHECK-NEXT: }
func.func @forall_left_on_tensors(%in: tensor<100xf32>, %out: tensor<100xf32>) -> tensor<100xf32> {
  %r = scf.forall (%i) in (100) shared_outs(%o = %out) -> tensor<100xf32> {
    %s = tensor.extract_slice %in[%i] [1] [1] : tensor<100xf32> to tensor<1xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%i] [1] [1] : tensor<1xf32> into tensor<100xf32>
    }
  }
  return %r : tensor<100xf32>
}

// -----

// CHECK-LABEL: func.func @forall_fill_left_on_tensors
// CHECK: scf.forall
// CHECK: memref.store
// CHECK: memref.copy
// CHECK: scf.forall.in_parallel {
// CHECK-NEXT: }
func.func @forall_fill_left_on_tensors(%out: tensor<8xf32>, %f: f32) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %r = scf.forall (%i) in (8) shared_outs(%o = %out) -> tensor<8xf32> {
    %s = tensor.extract_slice %o[%i] [1] [1] : tensor<8xf32> to tensor<1xf32>
    %w = tensor.insert %f into %s[%c0] : tensor<1xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %w into %o[%i] [1] [1] : tensor<1xf32> into tensor<8xf32>
    }
  }
  return %r : tensor<8xf32>
}
