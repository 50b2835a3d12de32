// RUN: not strata-opt --split-input-file %s 2>&1 | FileCheck %s

// The number of MNK dimensions is checked once the list is read, and
// reported at the token after it.

func.func @wmma_two_dims(%arg0 : vector<16xi8>, %arg1 : vector<8xi32>) -> vector<8xi32> {
  // CHECK: parse-errors.mlir:8:26: error: custom op 'amdgpu.wmma' expected 3 dimensions in MNK dimension list
  %0 = amdgpu.wmma 16x16 %arg0 * %arg0 + %arg1 : vector<16xi8>, vector<16xi8>, vector<8xi32>
  func.return %0 : vector<8xi32>
}

// -----

// A !amdgpu.tdm_gather_base that does not verify is reported past its
// mnemonic.

// CHECK: parse-errors.mlir:18:55: error: index type must be i16 or i32 but index type is 'i64'.
func.func private @gather_base(!amdgpu.tdm_gather_base<i32, i64>)
