// RUN: strata-opt --split-input-file --verify-diagnostics %s

func.func @monotonic() {
  // expected-error @below {{'llvm.fence' op can be given only acquire, release, acq_rel, and seq_cst orderings}}
  llvm.fence monotonic
  return
}
