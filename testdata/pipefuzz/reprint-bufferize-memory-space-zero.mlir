// SIGNATURE: reprint: memref.alloc
// PIPELINE: builtin.module(one-shot-bufferize)
func.func @given(%f: f32, %i: index) -> (f32, f32) {
  %0 = bufferization.alloc_tensor() {memory_space = 0 : i64} : tensor<4xf32>
  %1 = linalg.fill ins(%f : f32) outs(%0 : tensor<4xf32>) -> tensor<4xf32>
  %2 = tensor.insert %f into %1[%i] : tensor<4xf32>
  %x = tensor.extract %1[%i] : tensor<4xf32>
  %y = tensor.extract %2[%i] : tensor<4xf32>
  return %x, %y : f32, f32
}
