// RUN: strata-opt --split-input-file --allow-unregistered-dialect --one-shot-bufferize="dialect-filter=tensor,bufferization allow-unknown-ops" %s | FileCheck %s
// RUN: strata-opt --split-input-file --allow-unregistered-dialect --one-shot-bufferize="dialect-filter=tensor" %s | FileCheck %s --check-prefix=TENSOR
// RUN: strata-opt --split-input-file --allow-unregistered-dialect --one-shot-bufferize="dialect-filter=scf,bufferization allow-unknown-ops" %s | FileCheck %s --check-prefix=SCF

// dialect-filter bufferizes the operations of the dialects it names. The
// analysis takes the others as operations without a bufferization; its
// out-of-place decisions become copies on tensors
// (bufferization.alloc_tensor ... copy), which stay on tensors when the
// bufferization dialect is not named, and the operations left on tensors
// meet the buffers through bufferization.to_tensor and to_buffer.

// CHECK-LABEL: func.func @insert_conflict
// CHECK: %[[M:.*]] = bufferization.to_buffer %arg0
// CHECK: %[[A:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xf32>
// CHECK-NEXT: memref.copy %[[M]], %[[A]]
// CHECK-NEXT: memref.store %arg2, %[[A]][%arg1]
// CHECK-NEXT: %[[T:.*]] = bufferization.to_tensor %[[A]]
// CHECK-NEXT: return %[[T]], %arg0
// TENSOR-LABEL: func.func @insert_conflict
// TENSOR: %[[C:.*]] = bufferization.alloc_tensor() copy(%arg0) : tensor<?xf32>
// TENSOR-NEXT: %[[M:.*]] = bufferization.to_buffer %[[C]]
// TENSOR-NEXT: memref.store %arg2, %[[M]][%arg1]
// SCF-LABEL: func.func @insert_conflict
// SCF-NEXT: tensor.insert %arg2 into %arg0[%arg1]
func.func @insert_conflict(%t: tensor<?xf32>, %i: index, %f: f32) -> (tensor<?xf32>, tensor<?xf32>) {
  %0 = tensor.insert %f into %t[%i] : tensor<?xf32>
  return %0, %t : tensor<?xf32>, tensor<?xf32>
}

// -----

// A slice that an unknown operation may write is copied: the slice, not
// its source.
// CHECK-LABEL: func.func @slice_read_by_unknown
// CHECK: %[[S:.*]] = memref.subview
// CHECK: memref.copy %[[S]], %[[A:.*]] :
// CHECK-NEXT: %[[T:.*]] = bufferization.to_tensor %[[A]]
// CHECK-NEXT: "test.dummy_op"(%[[T]])
// TENSOR-LABEL: func.func @slice_read_by_unknown
// TENSOR: %[[S:.*]] = bufferization.to_tensor %subview
// TENSOR-NEXT: %[[C:.*]] = bufferization.alloc_tensor() copy(%[[S]])
// TENSOR-NEXT: "test.dummy_op"(%[[C]])
// TENSOR-NEXT: return %[[C]]
func.func @slice_read_by_unknown(%t: tensor<?xf32>, %o: index, %s: index) -> (tensor<?xf32>, tensor<?xf32>) {
  %0 = tensor.extract_slice %t[%o][%s][1] : tensor<?xf32> to tensor<?xf32>
  %1 = "test.dummy_op"(%0) : (tensor<?xf32>) -> tensor<?xf32>
  return %0, %1 : tensor<?xf32>, tensor<?xf32>
}

// -----

// The operations in the regions of an operation left on tensors are
// bufferized; scf.if bufferizes around a tensor.insert left on tensors.
// CHECK-LABEL: func.func @insert_in_branch
// CHECK: scf.if %arg1 -> (tensor<?xf32>)
// CHECK: memref.copy
// CHECK: scf.yield %{{.*}} : tensor<?xf32>
// SCF-LABEL: func.func @insert_in_branch
// SCF: scf.if %arg1 -> (memref<?xf32, strided<[?], offset: ?>>)
// SCF: %[[I:.*]] = tensor.insert
// SCF-NEXT: %[[M:.*]] = bufferization.to_buffer %[[I]]
// SCF-NEXT: scf.yield %[[M]]
func.func @insert_in_branch(%t: tensor<?xf32>, %c: i1, %i: index, %f: f32) -> (tensor<?xf32>, f32) {
  %r = scf.if %c -> (tensor<?xf32>) {
    scf.yield %t : tensor<?xf32>
  } else {
    %1 = tensor.insert %f into %t[%i] : tensor<?xf32>
    scf.yield %1 : tensor<?xf32>
  }
  %e = tensor.extract %t[%i] : tensor<?xf32>
  return %r, %e : tensor<?xf32>, f32
}
