// SIGNATURE: verify after one-shot-bufferize: 'memref.alloc' op attribute 'alignment' failed to satisfy constraint: N-bit signless integer attribute whose value is positive and whose value is a power of two
// PIPELINE: builtin.module(one-shot-bufferize{buffer-alignment=100})
module {
  func.func @cse_multiple_regions(%arg0: i1, %arg1: tensor<9223372036854775807xf32>) -> (tensor<9223372036854775807xf32>, tensor<9223372036854775807xf32>) {
    %0 = scf.if %arg0 -> (tensor<9223372036854775807xf32>) {
      %1 = tensor.empty() : tensor<9223372036854775807xf32>
      scf.yield %1 : tensor<9223372036854775807xf32>
    } else {
      scf.yield %arg1 : tensor<9223372036854775807xf32>
    }
    return %0, %0 : tensor<9223372036854775807xf32>, tensor<9223372036854775807xf32>
  }
}
