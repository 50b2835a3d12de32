// RUN: strata-opt --split-input-file --one-shot-bufferize="dialect-filter=tensor" %s | FileCheck %s
// RUN: strata-opt --split-input-file --one-shot-bufferize="dialect-filter=tensor,scf" %s | FileCheck %s --check-prefix=SCF
// RUN: strata-opt --split-input-file --one-shot-bufferize="dialect-filter=tensor,bufferization" %s | FileCheck %s --check-prefix=BUF
// RUN: strata-opt --split-input-file --one-shot-bufferize="dialect-filter=linalg" %s | FileCheck %s --check-prefix=LINALG

// A tensor.empty becomes a bufferization.alloc_tensor. Without the
// bufferization dialect in the filter, that alloc_tensor stays on tensors
// and its users read its buffer through bufferization.to_buffer, one for
// each use; with it, the alloc_tensor is bufferized into a memref.alloc.

// CHECK-LABEL: func.func @empty_insert
// CHECK: %[[A:.*]] = bufferization.alloc_tensor(%arg0) : tensor<?xf32>
// CHECK-NEXT: %[[M:.*]] = bufferization.to_buffer %[[A]] : tensor<?xf32> to memref<?xf32, strided<[?], offset: ?>>
// CHECK-NEXT: memref.store %arg1, %[[M]][%arg0]
// BUF-LABEL: func.func @empty_insert
// BUF: memref.alloc(%arg0) {alignment = 64 : i64} : memref<?xf32>
func.func @empty_insert(%i: index, %v: f32) -> tensor<?xf32> {
  %0 = tensor.empty(%i) : tensor<?xf32>
  %1 = tensor.insert %v into %0[%i] : tensor<?xf32>
  return %1 : tensor<?xf32>
}

// -----

// CHECK-LABEL: func.func @empty_read_and_written
// CHECK: %[[A:.*]] = bufferization.alloc_tensor(%arg0) : tensor<?xf32>
// CHECK-NEXT: bufferization.to_buffer %[[A]]
// CHECK-NEXT: bufferization.to_buffer %[[A]]
func.func @empty_read_and_written(%i: index, %v: f32) -> (tensor<?xf32>, f32) {
  %0 = tensor.empty(%i) : tensor<?xf32>
  %1 = tensor.insert %v into %0[%i] : tensor<?xf32>
  %2 = tensor.extract %0[%i] : tensor<?xf32>
  return %1, %2 : tensor<?xf32>, f32
}

// -----

// SCF-LABEL: func.func @empty_loop_init
// SCF: %[[A:.*]] = bufferization.alloc_tensor(%arg0) : tensor<?xf32>
// SCF-NEXT: %[[M:.*]] = bufferization.to_buffer %[[A]]
// SCF-NEXT: scf.for {{.*}} iter_args(%{{.*}} = %[[M]]) -> (memref<?xf32, strided<[?], offset: ?>>)
func.func @empty_loop_init(%i: index, %v: f32, %n: index) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = tensor.empty(%i) : tensor<?xf32>
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%a = %0) -> tensor<?xf32> {
    %1 = tensor.insert %v into %a[%k] : tensor<?xf32>
    scf.yield %1 : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

// -----

// An unused tensor.empty is erased.
// CHECK-LABEL: func.func @empty_unused
// CHECK-NOT: alloc_tensor
// CHECK: return
func.func @empty_unused(%i: index) {
  %0 = tensor.empty(%i) : tensor<?xf32>
  return
}

// -----

// A new tensor without the old contents takes the sizes that the
// operation defining the old one states (here the tensor.empty's
// operand), not tensor.dim of it.
// LINALG-LABEL: func.func @fill_of_empty
// LINALG: %[[E:.*]] = tensor.empty(%arg0) : tensor<?xf32>
// LINALG-NEXT: %[[A:.*]] = bufferization.alloc_tensor(%arg0) : tensor<?xf32>
// LINALG-NEXT: %[[M:.*]] = bufferization.to_buffer %[[A]]
// LINALG-NEXT: linalg.fill ins(%arg1 : f32) outs(%[[M]]
func.func @fill_of_empty(%i: index, %v: f32) -> tensor<?xf32> {
  %0 = tensor.empty(%i) : tensor<?xf32>
  %1 = linalg.fill ins(%v : f32) outs(%0 : tensor<?xf32>) -> tensor<?xf32>
  %2 = tensor.insert %v into %1[%i] : tensor<?xf32>
  return %2 : tensor<?xf32>
}
