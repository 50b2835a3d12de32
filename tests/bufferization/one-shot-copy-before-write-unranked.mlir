// RUN: not strata-opt --one-shot-bufferize="bufferize-function-boundaries copy-before-write" %s 2>&1 | FileCheck %s

// An unranked tensor given to a call would have to be copied: as
// upstream, that is an error at the call.

// CHECK: one-shot-copy-before-write-unranked.mlir:10:3: error: copying of unranked tensors is not implemented
func.func private @external(tensor<*xf32>)
func.func @caller(%t: tensor<4xf32>) {
  %u = tensor.cast %t : tensor<4xf32> to tensor<*xf32>
  func.call @external(%u) : (tensor<*xf32>) -> ()
  return
}
