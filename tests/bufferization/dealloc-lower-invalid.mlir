// RUN: strata-opt --pass-pipeline="builtin.module(func.func(bufferization-lower-deallocations))" --verify-diagnostics %s

// Without a module to hold @dealloc_helper, a dealloc of several buffers
// cannot be lowered (mlir-opt prints both errors; its diagnostic
// verifier only sees the second).

func.func @general(%m0: memref<2xf32>, %m1: memref<2xf32>, %c: i1) {
  // expected-error@+2 {{library function required for generic lowering, but cannot be automatically inserted when operating on functions}}
  // expected-error@+1 {{failed to legalize operation 'bufferization.dealloc' that was explicitly marked illegal}}
  bufferization.dealloc (%m0, %m1 : memref<2xf32>, memref<2xf32>) if (%c, %c)
  return
}
