func.func private @printMemrefF32(tensor<*xf32>)

// Writes into its argument: the caller's tensor must not change.
func.func @bump(%t: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %x = tensor.extract %t[%c0] : tensor<4xf32>
  %y = arith.addf %x, %one : f32
  %r = tensor.insert %y into %t[%c0] : tensor<4xf32>
  return %r : tensor<4xf32>
}

func.func @print(%t: tensor<4xf32>) {
  %u = tensor.cast %t : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %f2 = arith.constant 2.0 : f32
  %a = tensor.from_elements %f2, %f2, %f2, %f2 : tensor<4xf32>
  // %a is still read after the fill: the fill goes to a new buffer.
  %b = linalg.fill ins(%f2 : f32) outs(%a : tensor<4xf32>) -> tensor<4xf32>
  %five = arith.constant 5.0 : f32
  %b2 = tensor.insert %five into %b[%c1] : tensor<4xf32>
  %a2 = tensor.insert %five into %a[%c3] : tensor<4xf32>
  call @print(%a) : (tensor<4xf32>) -> ()
  call @print(%b2) : (tensor<4xf32>) -> ()
  call @print(%a2) : (tensor<4xf32>) -> ()
  %k = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %k2 = call @bump(%k) : (tensor<4xf32>) -> tensor<4xf32>
  call @print(%k) : (tensor<4xf32>) -> ()
  call @print(%k2) : (tensor<4xf32>) -> ()
  // A loop carrying a tensor; %k is read after the loop.
  %s = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %k) -> (tensor<4xf32>) {
    %v = tensor.extract %acc[%i] : tensor<4xf32>
    %w = arith.mulf %v, %v : f32
    %n = tensor.insert %w into %acc[%i] : tensor<4xf32>
    scf.yield %n : tensor<4xf32>
  }
  call @print(%s) : (tensor<4xf32>) -> ()
  call @print(%k) : (tensor<4xf32>) -> ()
  // Swapping iter_args.
  %p:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %a2, %y = %b2) -> (tensor<4xf32>, tensor<4xf32>) {
    %z = tensor.insert %f2 into %y[%i] : tensor<4xf32>
    scf.yield %z, %x : tensor<4xf32>, tensor<4xf32>
  }
  call @print(%p#0) : (tensor<4xf32>) -> ()
  call @print(%p#1) : (tensor<4xf32>) -> ()
  // A value defined before a loop written inside it.
  %e = tensor.empty() : tensor<4xf32>
  %q = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %e) -> (tensor<4xf32>) {
    %g = tensor.generate {
    ^bb0(%j: index):
      %s1 = arith.addi %i, %j : index
      %s2 = arith.index_cast %s1 : index to i32
      %s3 = arith.sitofp %s2 : i32 to f32
      tensor.yield %s3 : f32
    } : tensor<4xf32>
    %m = tensor.insert %f2 into %g[%i] : tensor<4xf32>
    %cond = arith.cmpi eq, %i, %c1 : index
    %sel = scf.if %cond -> (tensor<4xf32>) {
      scf.yield %m : tensor<4xf32>
    } else {
      scf.yield %acc : tensor<4xf32>
    }
    scf.yield %sel : tensor<4xf32>
  }
  call @print(%q) : (tensor<4xf32>) -> ()
  %d = tensor.dim %q, %c0 : tensor<4xf32>
  %m2 = tensor.expand_shape %q [[0, 1]] output_shape [2, 2] : tensor<4xf32> into tensor<2x2xf32>
  %m3 = tensor.collapse_shape %m2 [[0, 1]] : tensor<2x2xf32> into tensor<4xf32>
  %d1 = arith.subi %d, %c1 : index
  %m4 = tensor.insert %five into %m3[%d1] : tensor<4xf32>
  call @print(%m4) : (tensor<4xf32>) -> ()
  call @print(%q) : (tensor<4xf32>) -> ()
  return
}
