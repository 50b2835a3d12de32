// RUN: strata-opt --split-input-file --verify-diagnostics %s

// expected-error@+1 {{'"rocdl.kernel"' attribute attached to unexpected op}}
func.func private @not_an_llvm_func() attributes { rocdl.kernel }
