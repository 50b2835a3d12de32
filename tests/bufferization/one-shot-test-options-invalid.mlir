// RUN: not strata-opt --one-shot-bufferize="print-conflicts" %s 2>&1 | FileCheck %s --check-prefix=CONFLICTS
// RUN: not strata-opt --one-shot-bufferize="dump-alias-sets" %s 2>&1 | FileCheck %s --check-prefix=ALIAS
// RUN: not strata-opt --one-shot-bufferize="test-analysis-only copy-before-write" %s 2>&1 | FileCheck %s --check-prefix=COPY
// RUN: not strata-opt --one-shot-bufferize="must-infer-memory-space use-encoding-for-memory-space" %s 2>&1 | FileCheck %s --check-prefix=SPACE

// The test options annotate the analysis only: as upstream, they are
// rejected with the options that bufferize, and the two ways of finding
// a memory space exclude each other.

// CONFLICTS: error: Invalid option: 'print-conflicts' requires 'test-analysis-only'
// ALIAS: error: Invalid option: 'dump-alias-sets' requires 'test-analysis-only'
// COPY: error: Invalid option: 'copy-before-write' cannot be used with 'test-analysis-only'
// SPACE: error: only one of 'must-infer-memory-space' and 'use-encoding-for-memory-space' are allowed in one-shot-bufferize
func.func @f(%f: f32) -> tensor<4xf32> {
  %0 = tensor.empty() : tensor<4xf32>
  %1 = linalg.fill ins(%f : f32) outs(%0 : tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
