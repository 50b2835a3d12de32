// RUN: not strata-opt --split-input-file %s 2>&1 | FileCheck %s

// An unknown reduction kind is reported at the token after it.

func.func @all_reduce_kind(%arg0 : f32) {
  // CHECK: parse-errors.mlir:7:29: error: custom op 'gpu.all_reduce' invalid op kind
  %res = gpu.all_reduce foo %arg0 {} : (f32) -> (f32)
  return
}

// -----

// A !gpu.mma_matrix that does not verify is reported at its mnemonic.

// CHECK: parse-errors.mlir:16:29: error: MMAMatrixType must have exactly two dimensions
func.func private @mma(!gpu.mma_matrix<16x16x16xf16, "AOp">)
