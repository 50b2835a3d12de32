// linalg.winograd_filter_transform, winograd_input_transform and
// winograd_output_transform for F(2, 3) and F(4, 3) on 2-D kernels, and
// for F(2, 3) on a 3x1 kernel (the left transform only), printed through
// memrefs.
func.func @print4(%t: tensor<?x?x?x?xf32>) {
  %m = bufferization.to_buffer %t : tensor<?x?x?x?xf32> to memref<?x?x?x?xf32>
  %u = memref.cast %m : memref<?x?x?x?xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

func.func @print6(%t: tensor<?x?x?x?x?x?xf32>) {
  %m = bufferization.to_buffer %t : tensor<?x?x?x?x?x?xf32> to memref<?x?x?x?x?x?xf32>
  %u = memref.cast %m : memref<?x?x?x?x?x?xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

func.func @f23(%filter: tensor<2x3x3x1xf32>, %input: tensor<1x6x6x1xf32>, %out: tensor<1x4x4x2xf32>) {
  %e0 = tensor.empty() : tensor<4x4x1x2xf32>
  %tf = linalg.winograd_filter_transform fmr(F_2_3) ins(%filter : tensor<2x3x3x1xf32>) outs(%e0 : tensor<4x4x1x2xf32>) -> tensor<4x4x1x2xf32>
  %tfc = tensor.cast %tf : tensor<4x4x1x2xf32> to tensor<?x?x?x?xf32>
  call @print4(%tfc) : (tensor<?x?x?x?xf32>) -> ()
  %e1 = tensor.empty() : tensor<4x4x2x2x1x1xf32>
  %ti = linalg.winograd_input_transform fmr(F_2_3) ins(%input : tensor<1x6x6x1xf32>) outs(%e1 : tensor<4x4x2x2x1x1xf32>) -> tensor<4x4x2x2x1x1xf32>
  %tic = tensor.cast %ti : tensor<4x4x2x2x1x1xf32> to tensor<?x?x?x?x?x?xf32>
  call @print6(%tic) : (tensor<?x?x?x?x?x?xf32>) -> ()
  %v = arith.constant dense<0.5> : tensor<4x4x2x2x1x2xf32>
  %to = linalg.winograd_output_transform fmr(F_2_3) ins(%v : tensor<4x4x2x2x1x2xf32>) outs(%out : tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32>
  %toc = tensor.cast %to : tensor<1x4x4x2xf32> to tensor<?x?x?x?xf32>
  call @print4(%toc) : (tensor<?x?x?x?xf32>) -> ()
  return
}

func.func @f43(%filter: tensor<1x3x3x1xf32>, %input: tensor<1x6x6x1xf32>, %out: tensor<1x4x4x1xf32>) {
  %e0 = tensor.empty() : tensor<6x6x1x1xf32>
  %tf = linalg.winograd_filter_transform fmr(F_4_3) ins(%filter : tensor<1x3x3x1xf32>) outs(%e0 : tensor<6x6x1x1xf32>) -> tensor<6x6x1x1xf32>
  %tfc = tensor.cast %tf : tensor<6x6x1x1xf32> to tensor<?x?x?x?xf32>
  call @print4(%tfc) : (tensor<?x?x?x?xf32>) -> ()
  %e1 = tensor.empty() : tensor<6x6x1x1x1x1xf32>
  %ti = linalg.winograd_input_transform fmr(F_4_3) ins(%input : tensor<1x6x6x1xf32>) outs(%e1 : tensor<6x6x1x1x1x1xf32>) -> tensor<6x6x1x1x1x1xf32>
  %tic = tensor.cast %ti : tensor<6x6x1x1x1x1xf32> to tensor<?x?x?x?x?x?xf32>
  call @print6(%tic) : (tensor<?x?x?x?x?x?xf32>) -> ()
  %to = linalg.winograd_output_transform fmr(F_4_3) ins(%ti : tensor<6x6x1x1x1x1xf32>) outs(%out : tensor<1x4x4x1xf32>) -> tensor<1x4x4x1xf32>
  %toc = tensor.cast %to : tensor<1x4x4x1xf32> to tensor<?x?x?x?xf32>
  call @print4(%toc) : (tensor<?x?x?x?xf32>) -> ()
  return
}

func.func @f23col(%filter: tensor<1x3x1x1xf32>, %input: tensor<1x6x2x1xf32>, %out: tensor<1x4x2x1xf32>) {
  %e0 = tensor.empty() : tensor<4x1x1x1xf32>
  %tf = linalg.winograd_filter_transform fmr(F_2_3) ins(%filter : tensor<1x3x1x1xf32>) outs(%e0 : tensor<4x1x1x1xf32>) -> tensor<4x1x1x1xf32>
  %tfc = tensor.cast %tf : tensor<4x1x1x1xf32> to tensor<?x?x?x?xf32>
  call @print4(%tfc) : (tensor<?x?x?x?xf32>) -> ()
  %e1 = tensor.empty() : tensor<4x1x2x2x1x1xf32>
  %ti = linalg.winograd_input_transform fmr(F_2_3) ins(%input : tensor<1x6x2x1xf32>) outs(%e1 : tensor<4x1x2x2x1x1xf32>) -> tensor<4x1x2x2x1x1xf32>
  %tic = tensor.cast %ti : tensor<4x1x2x2x1x1xf32> to tensor<?x?x?x?x?x?xf32>
  call @print6(%tic) : (tensor<?x?x?x?x?x?xf32>) -> ()
  %to = linalg.winograd_output_transform fmr(F_2_3) ins(%ti : tensor<4x1x2x2x1x1xf32>) outs(%out : tensor<1x4x2x1xf32>) -> tensor<1x4x2x1xf32>
  %toc = tensor.cast %to : tensor<1x4x2x1xf32> to tensor<?x?x?x?xf32>
  call @print4(%toc) : (tensor<?x?x?x?xf32>) -> ()
  return
}

func.func @main() {
  %filter = arith.constant dense<[[[[1.0], [2.0], [-1.0]], [[0.5], [3.0], [1.0]], [[-2.0], [1.0], [4.0]]], [[[1.0], [0.0], [1.0]], [[0.0], [1.0], [0.0]], [[1.0], [0.0], [1.0]]]]> : tensor<2x3x3x1xf32>
  %input = arith.constant dense<[[[[1.0], [2.0], [3.0], [4.0], [5.0], [6.0]], [[2.0], [3.0], [4.0], [5.0], [6.0], [7.0]], [[-1.0], [0.0], [1.0], [2.0], [-3.0], [4.0]], [[8.0], [6.0], [4.0], [2.0], [0.0], [-2.0]], [[1.0], [1.0], [1.0], [1.0], [1.0], [1.0]], [[0.5], [1.5], [2.5], [3.5], [4.5], [5.5]]]]> : tensor<1x6x6x1xf32>
  %out = arith.constant dense<1.0> : tensor<1x4x4x2xf32>
  call @f23(%filter, %input, %out) : (tensor<2x3x3x1xf32>, tensor<1x6x6x1xf32>, tensor<1x4x4x2xf32>) -> ()
  %f1 = arith.constant dense<[[[[1.0], [-2.0], [3.0]], [[0.25], [1.0], [0.5]], [[2.0], [0.0], [-1.0]]]]> : tensor<1x3x3x1xf32>
  %out1 = arith.constant dense<2.0> : tensor<1x4x4x1xf32>
  call @f43(%f1, %input, %out1) : (tensor<1x3x3x1xf32>, tensor<1x6x6x1xf32>, tensor<1x4x4x1xf32>) -> ()
  %fc = arith.constant dense<[[[[1.0]], [[-2.0]], [[0.5]]]]> : tensor<1x3x1x1xf32>
  %ic = arith.constant dense<[[[[1.0], [2.0]], [[3.0], [4.0]], [[-1.0], [0.5]], [[2.0], [2.0]], [[0.0], [1.0]], [[5.0], [-3.0]]]]> : tensor<1x6x2x1xf32>
  %oc = arith.constant dense<0.0> : tensor<1x4x2x1xf32>
  call @f23col(%fc, %ic, %oc) : (tensor<1x3x1x1xf32>, tensor<1x6x2x1xf32>, tensor<1x4x2x1xf32>) -> ()
  return
}

func.func private @printMemrefF32(memref<*xf32>)
