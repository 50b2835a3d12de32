// SIGNATURE: crash at dialects/linalg.memrefEffects: runtime error: invalid memory address or nil pointer dereference
// PIPELINE: builtin.module(symbol-privatize,remove-dead-values)
func.func @broadcast_with_dynamic_sizes(
              %input: tensor<8x?xf32>, %init: tensor<8x16x?xf32>)
              -> tensor<8x16x?xf32> {
  %bcast = linalg.broadcast
      ins(%input:tensor<8x?xf32>)
      outs(%init:tensor<8x16x?xf32>)
      dimensions = [1]
  func.return %bcast : tensor<8x16x?xf32>
}
