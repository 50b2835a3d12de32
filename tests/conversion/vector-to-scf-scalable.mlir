// RUN: not strata-opt --convert-vector-to-scf=lower-scalable %s 2>&1 | FileCheck %s

// lower-scalable adds upstream's lowering of a write of a transposed
// scalable vector, whose loop runs to a multiple of vector.vscale;
// Strata has no vector.vscale, so the option is refused with a located
// error where it would apply (without the option such writes stay, as
// upstream leaves them).

// CHECK: vector-to-scf-scalable.mlir:13:3: error: convert-vector-to-scf: lower-scalable is not supported: this write of a transposed scalable vector needs vector.vscale

func.func @scalable_transpose_write(%v: vector<4x[4]xf32>, %m: memref<?x?xf32>, %i: index) {
  %t = vector.transpose %v, [1, 0] : vector<4x[4]xf32> to vector<[4]x4xf32>
  vector.transfer_write %t, %m[%i, %i] {in_bounds = [true, true]} : vector<[4]x4xf32>, memref<?x?xf32>
  return
}
