func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefI32(tensor<*xi32>)

func.func @iota(%t: tensor<?x?xf32>, %scale: f32) -> tensor<?x?xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%t : tensor<?x?xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %a = arith.muli %i, %c3 : index
    %b = arith.muli %j, %c5 : index
    %s = arith.addi %a, %b : index
    %m = arith.remui %s, %c7 : index
    %v = arith.subi %m, %c3 : index
    %vi = arith.index_cast %v : index to i32
    %vf = arith.sitofp %vi : i32 to f32
    %x = arith.mulf %vf, %scale : f32
    linalg.yield %x : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

func.func @main() {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %c12 = arith.constant 12 : index
  %h = arith.constant 0.5 : f32
  %q = arith.constant 0.25 : f32
  %zero = arith.constant 0.0 : f32
  // mmt4d: lhs 2x3x2x4 (M K M0 K0) from a 12x4 matrix, rhs 3x3x2x4 (N K N0 K0)
  %l0 = tensor.empty(%c12, %c4) : tensor<?x?xf32>
  %ld = call @iota(%l0, %h) : (tensor<?x?xf32>, f32) -> tensor<?x?xf32>
  %l2 = tensor.cast %ld : tensor<?x?xf32> to tensor<12x4xf32>
  %l = tensor.expand_shape %l2 [[0, 1, 2], [3]] output_shape [2, 3, 2, 4] : tensor<12x4xf32> into tensor<2x3x2x4xf32>
  %r0 = tensor.empty(%c6, %c12) : tensor<?x?xf32>
  %rd = call @iota(%r0, %q) : (tensor<?x?xf32>, f32) -> tensor<?x?xf32>
  %r2 = tensor.cast %rd : tensor<?x?xf32> to tensor<6x12xf32>
  %r = tensor.expand_shape %r2 [[0, 1], [2, 3]] output_shape [3, 2, 3, 4] : tensor<6x12xf32> into tensor<3x2x3x4xf32>
  %rr = tensor.empty() : tensor<3x3x2x4xf32>
  %rt = linalg.transpose ins(%r : tensor<3x2x3x4xf32>) outs(%rr : tensor<3x3x2x4xf32>) permutation = [0, 2, 1, 3]
  %acc0 = tensor.empty() : tensor<2x3x2x2xf32>
  %acc = linalg.fill ins(%h : f32) outs(%acc0 : tensor<2x3x2x2xf32>) -> tensor<2x3x2x2xf32>
  %m = linalg.mmt4d ins(%l, %rt : tensor<2x3x2x4xf32>, tensor<3x3x2x4xf32>) outs(%acc : tensor<2x3x2x2xf32>) -> tensor<2x3x2x2xf32>
  %um = tensor.cast %m : tensor<2x3x2x2xf32> to tensor<*xf32>
  call @printMemrefF32(%um) : (tensor<*xf32>) -> ()
  // batch_mmt4d with batch 1
  %bl = tensor.expand_shape %l [[0, 1], [2], [3], [4]] output_shape [1, 2, 3, 2, 4] : tensor<2x3x2x4xf32> into tensor<1x2x3x2x4xf32>
  %br = tensor.expand_shape %rt [[0, 1], [2], [3], [4]] output_shape [1, 3, 3, 2, 4] : tensor<3x3x2x4xf32> into tensor<1x3x3x2x4xf32>
  %bacc = tensor.expand_shape %acc [[0, 1], [2], [3], [4]] output_shape [1, 2, 3, 2, 2] : tensor<2x3x2x2xf32> into tensor<1x2x3x2x2xf32>
  %bm = linalg.batch_mmt4d ins(%bl, %br : tensor<1x2x3x2x4xf32>, tensor<1x3x3x2x4xf32>) outs(%bacc : tensor<1x2x3x2x2xf32>) -> tensor<1x2x3x2x2xf32>
  %ubm = tensor.cast %bm : tensor<1x2x3x2x2xf32> to tensor<*xf32>
  call @printMemrefF32(%ubm) : (tensor<*xf32>) -> ()
  // quantized_matmul on i8 -> i32
  %qa = arith.constant dense<[[1, -2, 3], [4, 5, -6]]> : tensor<2x3xi8>
  %qb = arith.constant dense<[[7, 8], [-9, 10], [11, -12]]> : tensor<3x2xi8>
  %za = arith.constant 1 : i32
  %zb = arith.constant -2 : i32
  %qc0 = arith.constant dense<[[100, 200], [300, 400]]> : tensor<2x2xi32>
  %qc = linalg.quantized_matmul ins(%qa, %qb, %za, %zb : tensor<2x3xi8>, tensor<3x2xi8>, i32, i32) outs(%qc0 : tensor<2x2xi32>) -> tensor<2x2xi32>
  %uqc = tensor.cast %qc : tensor<2x2xi32> to tensor<*xi32>
  call @printMemrefI32(%uqc) : (tensor<*xi32>) -> ()
  // conv_1d and pooling_nwc_max_unsigned, depthwise_conv_1d_ncw_cw
  %v = arith.constant dense<[1.0, 2.0, -3.0, 4.0, 0.5, -1.5, 2.5, 3.0]> : tensor<8xf32>
  %k = arith.constant dense<[0.5, -1.0, 2.0]> : tensor<3xf32>
  %ov0 = tensor.empty() : tensor<6xf32>
  %ov = linalg.fill ins(%zero : f32) outs(%ov0 : tensor<6xf32>) -> tensor<6xf32>
  %cv = linalg.conv_1d ins(%v, %k : tensor<8xf32>, tensor<3xf32>) outs(%ov : tensor<6xf32>) -> tensor<6xf32>
  %ucv = tensor.cast %cv : tensor<6xf32> to tensor<*xf32>
  call @printMemrefF32(%ucv) : (tensor<*xf32>) -> ()
  %pi = arith.constant dense<[[[1], [-2], [3], [-4], [5], [250]]]> : tensor<1x6x1xi8>
  %pw = tensor.empty() : tensor<2xi8>
  %po0 = arith.constant dense<0> : tensor<1x3x1xi32>
  %po = linalg.pooling_nwc_max_unsigned {strides = dense<2> : vector<1xi64>, dilations = dense<1> : vector<1xi64>} ins(%pi, %pw : tensor<1x6x1xi8>, tensor<2xi8>) outs(%po0 : tensor<1x3x1xi32>) -> tensor<1x3x1xi32>
  %upo = tensor.cast %po : tensor<1x3x1xi32> to tensor<*xi32>
  call @printMemrefI32(%upo) : (tensor<*xi32>) -> ()
  // contract (a matmul with transposed B) and batch_reduce_matmul
  %ca = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %cb = arith.constant dense<[[0.5, -1.0], [2.0, 1.5], [-0.5, 3.0]]> : tensor<3x2xf32>
  %cc0 = tensor.empty() : tensor<2x3xf32>
  %cc1 = linalg.fill ins(%zero : f32) outs(%cc0 : tensor<2x3xf32>) -> tensor<2x3xf32>
  %cc = linalg.contract indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>] ins(%ca, %cb : tensor<2x2xf32>, tensor<3x2xf32>) outs(%cc1 : tensor<2x3xf32>) -> tensor<2x3xf32>
  %ucc = tensor.cast %cc : tensor<2x3xf32> to tensor<*xf32>
  call @printMemrefF32(%ucc) : (tensor<*xf32>) -> ()
  %ba = tensor.expand_shape %ca [[0, 1], [2]] output_shape [1, 2, 2] : tensor<2x2xf32> into tensor<1x2x2xf32>
  %bb0 = tensor.empty() : tensor<2x3xf32>
  %bbt = linalg.transpose ins(%cb : tensor<3x2xf32>) outs(%bb0 : tensor<2x3xf32>) permutation = [1, 0]
  %bb = tensor.expand_shape %bbt [[0, 1], [2]] output_shape [1, 2, 3] : tensor<2x3xf32> into tensor<1x2x3xf32>
  %brm = linalg.batch_reduce_matmul ins(%ba, %bb : tensor<1x2x2xf32>, tensor<1x2x3xf32>) outs(%cc1 : tensor<2x3xf32>) -> tensor<2x3xf32>
  %ubrm = tensor.cast %brm : tensor<2x3xf32> to tensor<*xf32>
  call @printMemrefF32(%ubrm) : (tensor<*xf32>) -> ()
  // fill_rng_2d
  %mn = arith.constant -1.0 : f64
  %mx = arith.constant 1.0 : f64
  %seed = arith.constant 42 : i32
  %rng0 = tensor.empty() : tensor<3x4xf32>
  %rng = linalg.fill_rng_2d ins(%mn, %mx, %seed : f64, f64, i32) outs(%rng0 : tensor<3x4xf32>) -> tensor<3x4xf32>
  %urng = tensor.cast %rng : tensor<3x4xf32> to tensor<*xf32>
  call @printMemrefF32(%urng) : (tensor<*xf32>) -> ()
  return
}
