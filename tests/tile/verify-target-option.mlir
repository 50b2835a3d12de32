// RUN: not strata-opt --tile-verify-target %s 2>&1 | FileCheck %s
// RUN: not strata-opt --tile-verify-target=target=sm_70 %s 2>&1 | FileCheck %s --check-prefix=BAD

// CHECK: error: tile-verify-target needs a target, one of: gfx90a, gfx942, gfx950, sm_80, sm_90a, tpu-v5e, tpu-v6e, trn1, trn2
// BAD: strata-opt: for the --target option: Cannot find option named 'sm_70'!
// BAD-NEXT: error:

tile.func @k() grid [parallel] {
  tile.return
}
