// RUN: strata-opt %s | FileCheck %s

// A negative workgroup_attributions count in the generic form prints
// without a crash, as mlir-opt-22 prints it.

// CHECK: gpu.func @f() {
// CHECK-NEXT: gpu.return
module attributes {gpu.container_module} {
  "gpu.module"() <{sym_name = "m"}> ({
    "gpu.func"() <{function_type = () -> (), workgroup_attributions = -1 : i64}> ({
      "gpu.return"() : () -> ()
    }) {sym_name = "f"} : () -> ()
  }) : () -> ()
}
