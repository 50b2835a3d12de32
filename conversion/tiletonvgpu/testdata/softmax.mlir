// Softmax over the rows of a 13x200 f32 matrix (linalg.softmax).
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @softmax(%x: tensor<13x200xf32>) -> tensor<13x200xf32> {
  %init = tensor.empty() : tensor<13x200xf32>
  %y = linalg.softmax dimension(1) ins(%x : tensor<13x200xf32>) outs(%init : tensor<13x200xf32>) -> tensor<13x200xf32>
  return %y : tensor<13x200xf32>
}
