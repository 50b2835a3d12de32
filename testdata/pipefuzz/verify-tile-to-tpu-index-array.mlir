// SIGNATURE: verify after tile-to-tpu: 'tpu.pallas_call' op array N has element type index but its window iN
// PIPELINE: builtin.module(strata-tpu-pipeline)
func.func @short_non_tensor_entry(%t: tensor<4xindex>, %f: index) -> tensor<4xindex> {
  %0 = linalg.fill {__inplace_operands_attr__ = ["kept"]} ins(%f : index) outs(%t : tensor<4xindex>) -> tensor<4xindex>
  return %0 : tensor<4xindex>
}
