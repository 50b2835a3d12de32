// linalg.pack with padding and an outer permutation, and linalg.unpack
// back, on tensors, printed through memrefs.
func.func @packs(%s: tensor<5x4xf32>, %pad: f32) {
  %d = tensor.empty() : tensor<2x2x3x2xf32>
  %p = linalg.pack %s padding_value(%pad : f32) inner_dims_pos = [0, 1] inner_tiles = [3, 2] into %d : tensor<5x4xf32> -> tensor<2x2x3x2xf32>
  %pm = bufferization.to_buffer %p : tensor<2x2x3x2xf32> to memref<2x2x3x2xf32>
  %pu = memref.cast %pm : memref<2x2x3x2xf32> to memref<*xf32>
  call @printMemrefF32(%pu) : (memref<*xf32>) -> ()
  %d2 = tensor.empty() : tensor<2x5x2xf32>
  %q = linalg.pack %s outer_dims_perm = [1, 0] inner_dims_pos = [1] inner_tiles = [2] into %d2 : tensor<5x4xf32> -> tensor<2x5x2xf32>
  %qm = bufferization.to_buffer %q : tensor<2x5x2xf32> to memref<2x5x2xf32>
  %qu = memref.cast %qm : memref<2x5x2xf32> to memref<*xf32>
  call @printMemrefF32(%qu) : (memref<*xf32>) -> ()
  %e = tensor.empty() : tensor<5x4xf32>
  %u = linalg.unpack %p inner_dims_pos = [0, 1] inner_tiles = [3, 2] into %e : tensor<2x2x3x2xf32> -> tensor<5x4xf32>
  %um = bufferization.to_buffer %u : tensor<5x4xf32> to memref<5x4xf32>
  %uu = memref.cast %um : memref<5x4xf32> to memref<*xf32>
  call @printMemrefF32(%uu) : (memref<*xf32>) -> ()
  %e2 = tensor.empty() : tensor<5x4xf32>
  %v = linalg.unpack %q outer_dims_perm = [1, 0] inner_dims_pos = [1] inner_tiles = [2] into %e2 : tensor<2x5x2xf32> -> tensor<5x4xf32>
  %vm = bufferization.to_buffer %v : tensor<5x4xf32> to memref<5x4xf32>
  %vu = memref.cast %vm : memref<5x4xf32> to memref<*xf32>
  call @printMemrefF32(%vu) : (memref<*xf32>) -> ()
  return
}

func.func @main() {
  %s = arith.constant dense<[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0], [12.0, 13.0, 14.0, 15.0], [16.0, 17.0, 18.0, 19.0]]> : tensor<5x4xf32>
  %pad = arith.constant -1.0 : f32
  call @packs(%s, %pad) : (tensor<5x4xf32>, f32) -> ()
  return
}

func.func private @printMemrefF32(memref<*xf32>)
