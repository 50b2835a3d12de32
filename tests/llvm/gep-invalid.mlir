// RUN: strata-opt --split-input-file --verify-diagnostics %s

llvm.func @scalar_base(%p: i64, %c: i64) {
  // expected-error @below {{'llvm.getelementptr' op operand #0 must be LLVM pointer type or LLVM dialect-compatible vector of LLVM pointer type, but got 'i64'}}
  %x = llvm.getelementptr %p[%c] : (i64, i64) -> !llvm.ptr, i32
  llvm.return
}

// -----

llvm.func @vector_of_integers(%p: vector<2xi64>, %c: i64) {
  // expected-error @below {{'llvm.getelementptr' op operand #0 must be LLVM pointer type or LLVM dialect-compatible vector of LLVM pointer type, but got 'vector<2xi64>'}}
  %x = llvm.getelementptr %p[%c] : (vector<2xi64>, i64) -> vector<2x!llvm.ptr>, i32
  llvm.return
}
