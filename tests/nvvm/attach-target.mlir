// RUN: strata-opt --nvvm-attach-target %s | FileCheck %s
// RUN: strata-opt '--nvvm-attach-target=chip=sm_90a O=3 fast ftz features=+ptx80 module=^a$' %s | FileCheck %s --check-prefix=OPTS
// RUN: strata-opt '--nvvm-attach-target=l=a.bc,b.bc ptxas-cmd-options=-v' %s | FileCheck %s --check-prefix=LINK

// nvvm-attach-target appends an #nvvm.target to the gpu.modules whose
// name matches, unless an equal one is there (output checked against
// mlir-opt-22's).

// CHECK: gpu.module @a [#nvvm.target] {
// OPTS: gpu.module @a [#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80", flags = {fast, ftz}>] {
// LINK: gpu.module @a [#nvvm.target<flags = {"ptxas-cmd-options" = ["-v"]}, link = ["a.bc", "b.bc"]>] {
gpu.module @a {
}
// CHECK: gpu.module @ab [#rocdl.target, #nvvm.target] {
// OPTS: gpu.module @ab [#rocdl.target] {
gpu.module @ab [#rocdl.target] {
}
// CHECK: gpu.module @c [#nvvm.target] {
// LINK: gpu.module @c [#nvvm.target, #nvvm.target<flags = {"ptxas-cmd-options" = ["-v"]}, link = ["a.bc", "b.bc"]>] {
gpu.module @c [#nvvm.target] {
}
