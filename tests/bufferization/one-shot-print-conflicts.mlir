// RUN: strata-opt --one-shot-bufferize="test-analysis-only print-conflicts" %s | FileCheck %s
// NO-DIFF: print-conflicts numbers its marks over every run of the pass
// in a process, as upstream does, so that the numbers depend on the runs
// before this one; scripts/oneshot-diff.sh compares the
// marks with mlir-opt-22 one chunk per process.

// The first fill would write the buffer whose old contents the extract
// reads after it: the conflict is marked on the write (operand 1), the
// read (operand 0) and the definition of what is read (result 0 of the
// tensor.insert). The argument, read through a to_buffer, may not be
// written.
// CHECK-LABEL: func.func @conflict
// CHECK-SAME: attributes {"W_{{[0-9]+}}[NOT-WRITABLE: bbArg 0]"}
// CHECK: tensor.insert %{{.*}} {"C_[[C:[0-9]+]][DEF: result 0]", __inplace_operands_attr__ = ["none", "false", "none"]}
// CHECK: linalg.fill {"C_[[C]][CONFL-WRITE: 1]", __inplace_operands_attr__ = ["none", "false"]}
// CHECK: tensor.extract %{{.*}} {"C_[[C]][READ: 0]", __inplace_operands_attr__ = ["true", "none"]}
func.func @conflict(%t: tensor<4xf32>, %f: f32, %i: index) -> (f32, tensor<4xf32>) {
  %0 = tensor.insert %f into %t[%i] : tensor<4xf32>
  %1 = linalg.fill ins(%f : f32) outs(%0 : tensor<4xf32>) -> tensor<4xf32>
  %x = tensor.extract %0[%i] : tensor<4xf32>
  return %x, %1 : f32, tensor<4xf32>
}

