// RUN: not strata-opt --allow-unregistered-dialect --one-shot-bufferize="bufferize-function-boundaries" --split-input-file %s 2>&1 | FileCheck %s

// With function boundaries, the analysis summarizes each function for its
// callers from what its func.return operations return: a function whose
// body ends with another terminator is an error once analyzed, whether or
// not it has tensors.

// CHECK: one-shot-module-func-return.mlir:9:1: error: cannot bufferize func.func without func.return
func.func private @no_tensors(%arg0: memref<4xi32>) {
  "x.ret"() : () -> ()
}

// -----

// CHECK: one-shot-module-func-return.mlir:17:1: error: cannot bufferize func.func without func.return
// CHECK-NOT: error
func.func private @tensors(%arg0: tensor<4xi32>) -> tensor<4xi32> {
  "x.ret"(%arg0) : (tensor<4xi32>) -> ()
}

func.func @caller(%arg0: tensor<4xi32>) -> tensor<4xi32> {
  %0 = call @tensors(%arg0) : (tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}
