// RUN: strata-opt --one-shot-bufferize="test-analysis-only" --split-input-file --verify-diagnostics %s
// RUN: strata-opt --eliminate-empty-tensors --split-input-file --verify-diagnostics %s
// RUN: strata-opt --one-shot-bufferize="copy-before-write" --split-input-file %s | FileCheck %s

// The in-place analysis, whichever pass runs it, refuses a used
// to_tensor without `restrict`; without the analysis (copy-before-write)
// it is accepted, and an unused one is accepted by the analysis too.
// CHECK-LABEL: func.func @used
// CHECK: memref.load %arg0[%arg1]
func.func @used(%m: memref<?xf32>, %i: index) -> f32 {
  // expected-error @+1 {{to_tensor ops without `restrict` are not supported by One-Shot Analysis}}
  %0 = bufferization.to_tensor %m : memref<?xf32> to tensor<?xf32>
  %1 = tensor.extract %0[%i] : tensor<?xf32>
  return %1 : f32
}

// -----

// CHECK-LABEL: func.func @unused
func.func @unused(%m: memref<?xf32>) {
  %0 = bufferization.to_tensor %m : memref<?xf32> to tensor<?xf32>
  return
}
