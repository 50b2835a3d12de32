// The transform script the reference run applies before mlir-opt-22's CPU
// pipeline: linalg.softmax, an aggregated operation that
// convert-linalg-to-loops does not lower, decomposes into its generics (as
// Strata's linalg-decompose-aggregated-ops does).
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %s = transform.structured.match ops{["linalg.softmax"]} in %root : (!transform.any_op) -> !transform.any_op
    %d = transform.structured.decompose_interface %s : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
