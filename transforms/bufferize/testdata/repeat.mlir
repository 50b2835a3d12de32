func.func private @printMemrefF32(tensor<*xf32>)

// Iteration i writes i into element 3-i of a copy of %c and reads back
// element 3: only the first iteration sees its own write there, the
// others see the fill. Written in place, the later iterations would see
// the first one's write.
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %c = linalg.fill ins(%one : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %out = tensor.empty() : tensor<4xf32>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%o = %out) -> (tensor<4xf32>) {
    %i32 = arith.index_cast %i : index to i32
    %x = arith.sitofp %i32 : i32 to f32
    %k = arith.subi %c4, %i : index
    %k1 = arith.subi %k, %c1 : index
    %s = tensor.insert %x into %c[%k1] : tensor<4xf32>
    %y = tensor.extract %s[%c3] : tensor<4xf32>
    %z = tensor.extract %s[%k1] : tensor<4xf32>
    %w = arith.addf %y, %z : f32
    %o2 = tensor.insert %w into %o[%i] : tensor<4xf32>
    scf.yield %o2 : tensor<4xf32>
  }
  %u = tensor.cast %r : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
