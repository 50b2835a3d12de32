// SIGNATURE: reparse: custom op 'gpu.func' expected valid '@'-identifier for symbol name
// PIPELINE: builtin.module(func.func(convert-vector-to-gpu))
module attributes {gpu.container_module} {
  "gpu.module"() <{sym_name = "m"}> ({
    "gpu.func"() <{function_type = () -> (), workgroup_attributions = -1 : i64}> ({
      "gpu.return"() : () -> ()
    }) {} : () -> ()
  }) : () -> ()
}
