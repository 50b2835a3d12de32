// SIGNATURE: reparse: The optimization level must be a number between N and N.
// PIPELINE: builtin.module(rocdl-attach-target{O=4})
gpu.module @m {
}
