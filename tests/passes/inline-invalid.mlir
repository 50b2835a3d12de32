// RUN: not strata-opt --pass-pipeline='builtin.module(func.func(inline))' %s 2>&1 | FileCheck %s

// The inliner runs on symbol tables; scheduled on a function, it fails as
// mlir-opt does.

// CHECK: error: 'func.func' op  was scheduled to run under the inliner, but does not define a symbol table
func.func @f() {
  return
}
