// RUN: strata-opt --rocdl-attach-target %s | FileCheck %s
// RUN: strata-opt '--rocdl-attach-target=chip=gfx942 O=3 fast daz finite-only unsafe-math wave64=false correct-sqrt=false abi=500 features=+xnack module=^a$' %s | FileCheck %s --check-prefix=OPTS
// RUN: strata-opt --rocdl-attach-target=l=ocml.bc,ockl.bc %s | FileCheck %s --check-prefix=LINK

// rocdl-attach-target appends a #rocdl.target to the gpu.modules whose
// name matches, unless an equal one is there (output checked against
// mlir-opt-22's).

// CHECK: gpu.module @a [#rocdl.target] {
// OPTS: gpu.module @a [#rocdl.target<O = 3, chip = "gfx942", features = "+xnack", abi = "500", flags = {daz, fast, finite_only, no_wave64, unsafe_math, unsafe_sqrt}>] {
// LINK: gpu.module @a [#rocdl.target<link = ["ocml.bc", "ockl.bc"]>] {
gpu.module @a {
}
// CHECK: gpu.module @ab [#nvvm.target, #rocdl.target] {
// OPTS: gpu.module @ab [#nvvm.target] {
gpu.module @ab [#nvvm.target] {
}
// CHECK: gpu.module @c [#rocdl.target] {
// LINK: gpu.module @c [#rocdl.target, #rocdl.target<link = ["ocml.bc", "ockl.bc"]>] {
gpu.module @c [#rocdl.target] {
}
