// Decomposes aggregated linalg operations (linalg.softmax) into generic
// operations, lowers linalg.pack and linalg.unpack to pads, reshapes,
// transposes and slices, and the winograd transforms to loops of
// matmuls, so that upstream's lowering to loops accepts them.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %ops = transform.structured.match ops{["linalg.softmax"]} in %root : (!transform.any_op) -> !transform.any_op
    %d = transform.structured.decompose_interface %ops : (!transform.any_op) -> !transform.any_op
    %packs = transform.structured.match ops{["linalg.pack"]} in %root : (!transform.any_op) -> !transform.op<"linalg.pack">
    %p:3 = transform.structured.lower_pack %packs : (!transform.op<"linalg.pack">) -> (!transform.op<"tensor.pad">, !transform.op<"tensor.expand_shape">, !transform.op<"linalg.transpose">)
    %unpacks = transform.structured.match ops{["linalg.unpack"]} in %root : (!transform.any_op) -> !transform.op<"linalg.unpack">
    %u:4 = transform.structured.lower_unpack %unpacks : (!transform.op<"linalg.unpack">) -> (!transform.op<"tensor.empty">, !transform.op<"linalg.transpose">, !transform.op<"tensor.collapse_shape">, !transform.op<"tensor.extract_slice">)
    %wf = transform.structured.match ops{["linalg.winograd_filter_transform"]} in %root : (!transform.any_op) -> !transform.any_op
    %wfd = transform.structured.decompose_winograd_op %wf : (!transform.any_op) -> !transform.any_op
    %wi = transform.structured.match ops{["linalg.winograd_input_transform"]} in %root : (!transform.any_op) -> !transform.any_op
    %wid = transform.structured.decompose_winograd_op %wi : (!transform.any_op) -> !transform.any_op
    %wo = transform.structured.match ops{["linalg.winograd_output_transform"]} in %root : (!transform.any_op) -> !transform.any_op
    %wod = transform.structured.decompose_winograd_op %wo : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
