// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// gpu.binary with its objects and offloading handlers: the default
// handler (#gpu.select_object) is not printed in the custom form; the
// object's format prefixes its bytes, but for the default fatbin; bytes
// are escaped as upstream escapes them.

// CHECK: gpu.binary @plain  [#gpu.object<#nvvm.target, "">]
// CHECK: gpu.binary @by_target <#gpu.select_object<#nvvm.target<chip = "sm_90a">>> [#gpu.object<#nvvm.target, bin = "\00\01">, #gpu.object<#nvvm.target<chip = "sm_90a">, assembly = ".version 8.0\0A">]
// CHECK: gpu.binary @by_index <#gpu.select_object<1 : i64>> [#gpu.object<#nvvm.target, properties = {O = 3 : i32}, offload = "ir">, #gpu.object<#nvvm.target, "">]
// GENERIC: "gpu.binary"() <{objects = [#gpu.object<#nvvm.target, "">], offloadingHandler = #gpu.select_object, sym_name = "plain"}> : () -> ()
// GENERIC: offloadingHandler = #gpu.select_object<1 : i64>, sym_name = "by_index"
module attributes {gpu.container_module} {
  gpu.binary @plain [#gpu.object<#nvvm.target, "">]
  gpu.binary @by_target <#gpu.select_object<#nvvm.target<chip = "sm_90a">>> [
    #gpu.object<#nvvm.target, bin = "\00\01">,
    #gpu.object<#nvvm.target<chip = "sm_90a">, assembly = ".version 8.0\n">]
  gpu.binary @by_index <#gpu.select_object<1>> [
    #gpu.object<#nvvm.target, properties = {O = 3 : i32}, offload = "ir">,
    #gpu.object<#nvvm.target, "">]
}
