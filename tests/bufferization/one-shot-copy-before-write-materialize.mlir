// RUN: strata-opt --one-shot-bufferize="copy-before-write" %s | FileCheck %s

// Without the analysis, a materialize_in_destination into a tensor
// writes a new buffer too, sized by its destination and not copied from
// it (the source overwrites it all): what must be in place is not an
// error when nothing is decided, as upstream.

// CHECK-LABEL: func.func @materialize
// CHECK: %[[SRC:.*]] = bufferization.to_buffer %arg0
// CHECK: %[[DST:.*]] = bufferization.to_buffer %arg1
// CHECK: %[[DIM:.*]] = memref.dim %[[DST]]
// CHECK: %[[NEW:.*]] = memref.alloc(%[[DIM]])
// CHECK: memref.copy %[[SRC]], %[[NEW]]
func.func @materialize(%t: tensor<?xf32>, %dest: tensor<?xf32>) -> tensor<?xf32> {
  %0 = bufferization.materialize_in_destination %t in %dest : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
