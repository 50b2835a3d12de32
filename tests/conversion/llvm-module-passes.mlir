// RUN: not strata-opt --pass-pipeline='builtin.module(func.func(convert-func-to-llvm))' %s 2>&1 | FileCheck %s --check-prefix=FUNC
// RUN: not strata-opt --pass-pipeline='builtin.module(func.func(convert-cf-to-llvm))' %s 2>&1 | FileCheck %s --check-prefix=CF
// RUN: not strata-opt --pass-pipeline='builtin.module(func.func(finalize-memref-to-llvm))' %s 2>&1 | FileCheck %s --check-prefix=MEMREF

// These conversions run on modules only, as upstream: nested on a
// function, convert-func-to-llvm would turn calls into llvm.call of
// functions that are still func.func.

// FUNC: error: Can't add pass 'ConvertFuncToLLVMPass' restricted to 'builtin.module' on a PassManager intended to run on 'func.func', did you intend to nest?
// CF: error: Can't add pass 'ConvertControlFlowToLLVMPass' restricted to 'builtin.module' on a PassManager intended to run on 'func.func', did you intend to nest?
// MEMREF: error: Can't add pass 'FinalizeMemRefToLLVMConversionPass' restricted to 'builtin.module' on a PassManager intended to run on 'func.func', did you intend to nest?
func.func @gcd(%a: i64) -> i64 {
  return %a : i64
}
func.func @main(%a: i64) -> i64 {
  %g = call @gcd(%a) : (i64) -> i64
  return %g : i64
}
