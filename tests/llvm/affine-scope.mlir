// RUN: strata-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: strata-opt --allow-unregistered-dialect --convert-func-to-llvm %s --split-input-file | FileCheck %s --check-prefix=LOWER

// llvm.func is an affine scope, as upstream: a value defined at the top
// level of its body is a valid symbol of the affine operations in it.

// CHECK-LABEL: llvm.func @top_level_symbol
// CHECK: %[[N:.*]] = "test.size"() : () -> index
// CHECK: affine.for %{{.*}} = 0 to %[[N]] {
llvm.func @top_level_symbol() {
  %n = "test.size"() : () -> index
  affine.for %i = 0 to %n {
  }
  llvm.return
}

// -----

// After convert-func-to-llvm, a function's arguments reach affine.for
// through casts at the top level of the llvm.func.

// LOWER-LABEL: llvm.func @loops(
// LOWER: %[[M:.*]] = builtin.unrealized_conversion_cast %arg1 : i64 to index
// LOWER: affine.for %{{.*}} = -5 to %[[M]] step 2 iter_args
func.func @loops(%n: index, %m: index) -> index {
  %c0 = arith.constant 0 : index
  %r:2 = affine.for %i = -5 to %m step 2 iter_args(%a = %c0, %b = %n) -> (index, index) {
    affine.yield %b, %a : index, index
  }
  return %r#0 : index
}
