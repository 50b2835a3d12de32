// RUN: not strata-opt %s 2>&1 | FileCheck %s

// An argument of gpu.launch_func with attributes is not closed by ')':
// reported just after the type, as MLIR's parseToken does.

module attributes {gpu.container_module} {
  func.func @launch_func_kernel_operand_attr(%sz : index) {
    // CHECK: launch-func-parse-errors.mlir:9:101: error: expected ')' in argument list
    gpu.launch_func @foo::@bar blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz) args(%sz : index {foo})
    return
  }
}
