// A 2-D convolution (NHWC input, HWCF filter, stride 1) followed by a 2x2
// max pooling with stride 2, on tensors. The inputs are generated from
// their indices with tensor.generate.
//
//   go run ./tools/strata-run -e main -entry-point-result=void examples/conv/conv.mlir

func.func private @printMemrefF32(tensor<*xf32>)

func.func @conv_pool(%img: tensor<1x6x6x2xf32>, %filter: tensor<3x3x2x3xf32>) -> tensor<1x2x2x3xf32> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<1x4x4x3xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
  %conv = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%img, %filter : tensor<1x6x6x2xf32>, tensor<3x3x2x3xf32>)
      outs(%acc : tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
  %win = tensor.empty() : tensor<2x2xf32>
  %pe = tensor.empty() : tensor<1x2x2x3xf32>
  %pinit = linalg.fill ins(%ninf : f32) outs(%pe : tensor<1x2x2x3xf32>) -> tensor<1x2x2x3xf32>
  %pool = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%conv, %win : tensor<1x4x4x3xf32>, tensor<2x2xf32>)
      outs(%pinit : tensor<1x2x2x3xf32>) -> tensor<1x2x2x3xf32>
  return %pool : tensor<1x2x2x3xf32>
}

func.func @main() {
  %img = tensor.generate {
  ^bb0(%n: index, %h: index, %w: index, %c: index):
    %hw = arith.muli %h, %w : index
    %s = arith.addi %hw, %c : index
    %c5 = arith.constant 5 : index
    %m = arith.remui %s, %c5 : index
    %i = arith.index_cast %m : index to i32
    %f = arith.sitofp %i : i32 to f32
    tensor.yield %f : f32
  } : tensor<1x6x6x2xf32>
  %filter = tensor.generate {
  ^bb0(%kh: index, %kw: index, %c: index, %f: index):
    %a = arith.addi %kh, %kw : index
    %b = arith.subi %a, %f : index
    %i = arith.index_cast %b : index to i32
    %x = arith.sitofp %i : i32 to f32
    %q = arith.constant 0.5 : f32
    %y = arith.mulf %x, %q : f32
    tensor.yield %y : f32
  } : tensor<3x3x2x3xf32>
  %r = call @conv_pool(%img, %filter) : (tensor<1x6x6x2xf32>, tensor<3x3x2x3xf32>) -> tensor<1x2x2x3xf32>
  %u = tensor.cast %r : tensor<1x2x2x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
