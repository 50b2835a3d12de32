// Named linalg operations on memrefs and tensors: contractions with
// mixed element types, convolutions with strides and dilations, pooling,
// elementwise operations, reductions and generic bodies.
#id = affine_map<(d0, d1) -> (d0, d1)>
#red = affine_map<(d0, d1) -> (d0)>

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefI32(tensor<*xi32>)
func.func private @printMemrefF64(memref<*xf64>)

func.func @show(%t: tensor<?x?xf32>) {
  %u = tensor.cast %t : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @main() {
  %zero = arith.constant 0.0 : f32
  %a = arith.constant dense<[[[1.0, 2.0], [3.0, 4.0]], [[0.5, -1.0], [2.0, 0.25]]]> : tensor<2x2x2xf32>
  %b = arith.constant dense<[[[1.0, 0.0, 2.0], [0.0, 1.0, -1.0]], [[3.0, 1.0, 0.5], [1.0, 2.0, 4.0]]]> : tensor<2x2x3xf32>
  %e3 = tensor.empty() : tensor<2x2x3xf32>
  %z3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<2x2x3xf32>) -> tensor<2x2x3xf32>
  %bm = linalg.batch_matmul ins(%a, %b : tensor<2x2x2xf32>, tensor<2x2x3xf32>) outs(%z3 : tensor<2x2x3xf32>) -> tensor<2x2x3xf32>
  %bmc = tensor.collapse_shape %bm [[0, 1], [2]] : tensor<2x2x3xf32> into tensor<4x3xf32>
  %d0 = tensor.cast %bmc : tensor<4x3xf32> to tensor<?x?xf32>
  call @show(%d0) : (tensor<?x?xf32>) -> ()

  // i8 x i8 -> i32 with sign extension.
  %ia = arith.constant dense<[[100, -100], [7, 127]]> : tensor<2x2xi8>
  %ib = arith.constant dense<[[-128, 3], [2, 1]]> : tensor<2x2xi8>
  %i0 = arith.constant 0 : i32
  %ie = tensor.empty() : tensor<2x2xi32>
  %iz = linalg.fill ins(%i0 : i32) outs(%ie : tensor<2x2xi32>) -> tensor<2x2xi32>
  %im = linalg.matmul ins(%ia, %ib : tensor<2x2xi8>, tensor<2x2xi8>) outs(%iz : tensor<2x2xi32>) -> tensor<2x2xi32>
  %uim = tensor.cast %im : tensor<2x2xi32> to tensor<*xi32>
  call @printMemrefI32(%uim) : (tensor<*xi32>) -> ()
  %um = linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%ia, %ib : tensor<2x2xi8>, tensor<2x2xi8>) outs(%iz : tensor<2x2xi32>) -> tensor<2x2xi32>
  %uum = tensor.cast %um : tensor<2x2xi32> to tensor<*xi32>
  call @printMemrefI32(%uum) : (tensor<*xi32>) -> ()

  // f16 accumulation rounds at every step.
  %ha = arith.constant dense<[[0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8]]> : tensor<1x8xf16>
  %hb = arith.constant dense<[[1.1], [1.2], [1.3], [1.4], [1.5], [1.6], [1.7], [1.8]]> : tensor<8x1xf16>
  %h0 = arith.constant 0.0 : f16
  %he = tensor.empty() : tensor<1x1xf16>
  %hz = linalg.fill ins(%h0 : f16) outs(%he : tensor<1x1xf16>) -> tensor<1x1xf16>
  %hm = linalg.matmul ins(%ha, %hb : tensor<1x8xf16>, tensor<8x1xf16>) outs(%hz : tensor<1x1xf16>) -> tensor<1x1xf16>
  %hfe = tensor.empty() : tensor<1x1xf32>
  %hf = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%hm : tensor<1x1xf16>) outs(%hfe : tensor<1x1xf32>) {
  ^bb0(%h: f16, %o: f32):
    %w = arith.extf %h : f16 to f32
    linalg.yield %w : f32
  } -> tensor<1x1xf32>
  %d1 = tensor.cast %hf : tensor<1x1xf32> to tensor<?x?xf32>
  call @show(%d1) : (tensor<?x?xf32>) -> ()

  // dot, matvec, vecmat.
  %v = arith.constant dense<[1.0, -2.0, 0.5]> : tensor<3xf32>
  %m = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]]> : tensor<3x3xf32>
  %e0 = tensor.empty() : tensor<f32>
  %z0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<f32>) -> tensor<f32>
  %dot = linalg.dot ins(%v, %v : tensor<3xf32>, tensor<3xf32>) outs(%z0 : tensor<f32>) -> tensor<f32>
  %e1 = tensor.empty() : tensor<3xf32>
  %z1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<3xf32>) -> tensor<3xf32>
  %mv = linalg.matvec ins(%m, %v : tensor<3x3xf32>, tensor<3xf32>) outs(%z1 : tensor<3xf32>) -> tensor<3xf32>
  %vm = linalg.vecmat ins(%v, %m : tensor<3xf32>, tensor<3x3xf32>) outs(%z1 : tensor<3xf32>) -> tensor<3xf32>
  %dotx = tensor.expand_shape %dot [] output_shape [1, 1] : tensor<f32> into tensor<1x1xf32>
  %dotp = tensor.pad %dotx low[0, 0] high[0, 2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<1x1xf32> to tensor<1x3xf32>
  %mvx = tensor.expand_shape %mv [[0, 1]] output_shape [1, 3] : tensor<3xf32> into tensor<1x3xf32>
  %vmx = tensor.expand_shape %vm [[0, 1]] output_shape [1, 3] : tensor<3xf32> into tensor<1x3xf32>
  %all = tensor.concat dim(0) %dotp, %mvx, %vmx : (tensor<1x3xf32>, tensor<1x3xf32>, tensor<1x3xf32>) -> tensor<3x3xf32>
  %d2 = tensor.cast %all : tensor<3x3xf32> to tensor<?x?xf32>
  call @show(%d2) : (tensor<?x?xf32>) -> ()

  // Convolution with stride 2 and dilation 2, pooling sum, depthwise.
  %img = tensor.generate {
  ^bb0(%n: index, %h: index, %w: index, %c: index):
    %hw = arith.muli %h, %w : index
    %s = arith.addi %hw, %c : index
    %c7 = arith.constant 7 : index
    %mm = arith.remui %s, %c7 : index
    %i = arith.index_cast %mm : index to i32
    %f = arith.sitofp %i : i32 to f32
    tensor.yield %f : f32
  } : tensor<1x7x7x2xf32>
  %flt = arith.constant dense<[[[[1.0], [0.5]], [[-1.0], [2.0]]], [[[0.25], [1.0]], [[1.5], [-0.5]]]]> : tensor<2x2x2x1xf32>
  %ce = tensor.empty() : tensor<1x3x3x1xf32>
  %cz = linalg.fill ins(%zero : f32) outs(%ce : tensor<1x3x3x1xf32>) -> tensor<1x3x3x1xf32>
  %conv = linalg.conv_2d_nhwc_hwcf {dilations = dense<2> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%img, %flt : tensor<1x7x7x2xf32>, tensor<2x2x2x1xf32>) outs(%cz : tensor<1x3x3x1xf32>) -> tensor<1x3x3x1xf32>
  %convc = tensor.collapse_shape %conv [[0, 1], [2, 3]] : tensor<1x3x3x1xf32> into tensor<3x3xf32>
  %d3 = tensor.cast %convc : tensor<3x3xf32> to tensor<?x?xf32>
  call @show(%d3) : (tensor<?x?xf32>) -> ()
  %win = tensor.empty() : tensor<3x3xf32>
  %pe = tensor.empty() : tensor<1x5x5x2xf32>
  %pz = linalg.fill ins(%zero : f32) outs(%pe : tensor<1x5x5x2xf32>) -> tensor<1x5x5x2xf32>
  %ps = linalg.pooling_nhwc_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%img, %win : tensor<1x7x7x2xf32>, tensor<3x3xf32>) outs(%pz : tensor<1x5x5x2xf32>) -> tensor<1x5x5x2xf32>
  %psc = tensor.collapse_shape %ps [[0, 1, 2], [3]] : tensor<1x5x5x2xf32> into tensor<25x2xf32>
  %d4 = tensor.cast %psc : tensor<25x2xf32> to tensor<?x?xf32>
  call @show(%d4) : (tensor<?x?xf32>) -> ()
  %dwf = arith.constant dense<[[[1.0, -1.0], [0.5, 2.0]], [[0.0, 1.0], [3.0, 0.5]]]> : tensor<2x2x2xf32>
  %de = tensor.empty() : tensor<1x6x6x2xf32>
  %dz = linalg.fill ins(%zero : f32) outs(%de : tensor<1x6x6x2xf32>) -> tensor<1x6x6x2xf32>
  %dw = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%img, %dwf : tensor<1x7x7x2xf32>, tensor<2x2x2xf32>) outs(%dz : tensor<1x6x6x2xf32>) -> tensor<1x6x6x2xf32>
  %dwc = tensor.collapse_shape %dw [[0, 1, 2], [3]] : tensor<1x6x6x2xf32> into tensor<36x2xf32>
  %d5 = tensor.cast %dwc : tensor<36x2xf32> to tensor<?x?xf32>
  call @show(%d5) : (tensor<?x?xf32>) -> ()

  // Elementwise operations, reductions and generic bodies.
  %x = arith.constant dense<[[0.5, -1.5, 2.0], [3.0, -0.25, 1.0]]> : tensor<2x3xf32>
  %y = arith.constant dense<[[2.0, 2.0, -3.0], [0.5, 4.0, 1.0]]> : tensor<2x3xf32>
  %ee = tensor.empty() : tensor<2x3xf32>
  %ex = linalg.exp ins(%x : tensor<2x3xf32>) outs(%ee : tensor<2x3xf32>) -> tensor<2x3xf32>
  %sub = linalg.sub ins(%ex, %y : tensor<2x3xf32>, tensor<2x3xf32>) outs(%ee : tensor<2x3xf32>) -> tensor<2x3xf32>
  %div = linalg.div ins(%sub, %y : tensor<2x3xf32>, tensor<2x3xf32>) outs(%ee : tensor<2x3xf32>) -> tensor<2x3xf32>
  %mx = linalg.max ins(%div, %x : tensor<2x3xf32>, tensor<2x3xf32>) outs(%ee : tensor<2x3xf32>) -> tensor<2x3xf32>
  %ew = linalg.elementwise kind=#linalg.elementwise_kind<mul> ins(%mx, %y : tensor<2x3xf32>, tensor<2x3xf32>) outs(%ee : tensor<2x3xf32>) -> tensor<2x3xf32>
  %d6 = tensor.cast %ew : tensor<2x3xf32> to tensor<?x?xf32>
  call @show(%d6) : (tensor<?x?xf32>) -> ()
  %ninf = arith.constant 0xFF800000 : f32
  %re = tensor.empty() : tensor<2xf32>
  %rz = linalg.fill ins(%ninf : f32) outs(%re : tensor<2xf32>) -> tensor<2xf32>
  %rmax = linalg.reduce ins(%ew : tensor<2x3xf32>) outs(%rz : tensor<2xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %r = arith.maximumf %in, %acc : f32
      linalg.yield %r : f32
    }
  %gz = linalg.fill ins(%zero : f32) outs(%re : tensor<2xf32>) -> tensor<2xf32>
  %g = linalg.generic {indexing_maps = [#id, #id, #red], iterator_types = ["parallel", "reduction"]}
      ins(%x, %y : tensor<2x3xf32>, tensor<2x3xf32>) outs(%gz : tensor<2xf32>) {
  ^bb0(%p: f32, %q: f32, %acc: f32):
    %t = math.tanh %p : f32
    %l = math.log %q : f32
    %s = math.sqrt %q : f32
    %w = math.powf %s, %t : f32
    %er = math.erf %p : f32
    %u = arith.mulf %t, %w : f32
    %u2 = arith.addf %u, %er : f32
    %j = linalg.index 1 : index
    %ji = arith.index_cast %j : index to i32
    %jf = arith.sitofp %ji : i32 to f32
    %u3 = arith.mulf %u2, %jf : f32
    %r = arith.addf %acc, %u3 : f32
    linalg.yield %r : f32
  } -> tensor<2xf32>
  %both = tensor.concat dim(0) %rmax, %g : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>
  %bx = tensor.expand_shape %both [[0, 1]] output_shape [2, 2] : tensor<4xf32> into tensor<2x2xf32>
  %d7 = tensor.cast %bx : tensor<2x2xf32> to tensor<?x?xf32>
  call @show(%d7) : (tensor<?x?xf32>) -> ()

  // On memrefs, in place: copy, transpose and a generic with f64.
  %ma = memref.alloc() : memref<2x3xf64>
  %mb = memref.alloc() : memref<3x2xf64>
  %one = arith.constant 1.5 : f64
  linalg.fill ins(%one : f64) outs(%ma : memref<2x3xf64>)
  linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%ma : memref<2x3xf64>) {
  ^bb0(%o: f64):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = arith.addi %i, %j : index
    %ki = arith.index_cast %k : index to i64
    %kf = arith.sitofp %ki : i64 to f64
    %r = arith.mulf %o, %kf : f64
    linalg.yield %r : f64
  }
  linalg.transpose ins(%ma : memref<2x3xf64>) outs(%mb : memref<3x2xf64>) permutation = [1, 0]
  %mc = memref.alloc() : memref<3x2xf64>
  linalg.copy ins(%mb : memref<3x2xf64>) outs(%mc : memref<3x2xf64>)
  %umc = memref.cast %mc : memref<3x2xf64> to memref<*xf64>
  call @printMemrefF64(%umc) : (memref<*xf64>) -> ()
  return
}
