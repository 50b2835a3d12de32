// Tensors are values: insert, extract_slice, insert_slice, splat, pad,
// concat, collapse/expand_shape, from_elements, scf.forall with
// parallel_insert_slice.
func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefI32(tensor<*xi32>)

func.func @show(%t: tensor<?x?xf32>) {
  %u = tensor.cast %t : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %base = arith.constant dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [9.0, 10.0, 11.0, 12.0]]> : tensor<3x4xf32>
  %nine = arith.constant 99.0 : f32
  %ins = tensor.insert %nine into %base[%c1, %c2] : tensor<3x4xf32>
  %d0 = tensor.cast %ins : tensor<3x4xf32> to tensor<?x?xf32>
  call @show(%d0) : (tensor<?x?xf32>) -> ()
  %d1 = tensor.cast %base : tensor<3x4xf32> to tensor<?x?xf32>
  call @show(%d1) : (tensor<?x?xf32>) -> ()
  %sl = tensor.extract_slice %base[0, 1] [3, 2] [1, 2] : tensor<3x4xf32> to tensor<3x2xf32>
  %d2 = tensor.cast %sl : tensor<3x2xf32> to tensor<?x?xf32>
  call @show(%d2) : (tensor<?x?xf32>) -> ()
  %sp = tensor.splat %nine : tensor<2x2xf32>
  %is = tensor.insert_slice %sp into %base[1, 1] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<3x4xf32>
  %d3 = tensor.cast %is : tensor<3x4xf32> to tensor<?x?xf32>
  call @show(%d3) : (tensor<?x?xf32>) -> ()
  %zero = arith.constant 0.0 : f32
  %pd = tensor.pad %sl low[1, 0] high[0, 2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<3x2xf32> to tensor<4x4xf32>
  %d4 = tensor.cast %pd : tensor<4x4xf32> to tensor<?x?xf32>
  call @show(%d4) : (tensor<?x?xf32>) -> ()
  %sl2 = tensor.extract_slice %base[2, 0] [1, 4] [1, 1] : tensor<3x4xf32> to tensor<1x4xf32>
  %cc = tensor.concat dim(0) %base, %sl2 : (tensor<3x4xf32>, tensor<1x4xf32>) -> tensor<4x4xf32>
  %d5 = tensor.cast %cc : tensor<4x4xf32> to tensor<?x?xf32>
  call @show(%d5) : (tensor<?x?xf32>) -> ()
  %col = tensor.collapse_shape %base [[0, 1]] : tensor<3x4xf32> into tensor<12xf32>
  %exp = tensor.expand_shape %col [[0, 1]] output_shape [6, 2] : tensor<12xf32> into tensor<6x2xf32>
  %d6 = tensor.cast %exp : tensor<6x2xf32> to tensor<?x?xf32>
  call @show(%d6) : (tensor<?x?xf32>) -> ()
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  %fe = tensor.from_elements %one, %two, %two, %one : tensor<2x2xi32>
  %ufe = tensor.cast %fe : tensor<2x2xi32> to tensor<*xi32>
  call @printMemrefI32(%ufe) : (tensor<*xi32>) -> ()
  // Each iteration of the forall doubles one row of the output.
  %out = tensor.empty() : tensor<3x4xf32>
  %fa = scf.forall (%i) in (3) shared_outs(%o = %out) -> (tensor<3x4xf32>) {
    %r = tensor.extract_slice %base[%i, 0] [1, 4] [1, 1] : tensor<3x4xf32> to tensor<1x4xf32>
    %e = tensor.empty() : tensor<1x4xf32>
    %d = linalg.add ins(%r, %r : tensor<1x4xf32>, tensor<1x4xf32>) outs(%e : tensor<1x4xf32>) -> tensor<1x4xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %d into %o[%i, 0] [1, 4] [1, 1] : tensor<1x4xf32> into tensor<3x4xf32>
    }
  }
  %d7 = tensor.cast %fa : tensor<3x4xf32> to tensor<?x?xf32>
  call @show(%d7) : (tensor<?x?xf32>) -> ()
  return
}
