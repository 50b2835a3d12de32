// relu(A x B^T + bias) from f8E5M2 operands with an f32 accumulator:
// gemm_f8.mlir in e5m2 (B's big columns 224, which e5m2 holds exactly).
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
func.func private @printMemrefF32(tensor<*xf32>)
func.func @gemm(%a: tensor<37x208xf8E5M2>, %b: tensor<40x208xf8E5M2>, %bias: tensor<40xf32>) -> tensor<37x40xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<37x40xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<37x40xf32>) -> tensor<37x40xf32>
  %mm = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
      ins(%a, %b : tensor<37x208xf8E5M2>, tensor<40x208xf8E5M2>) outs(%acc : tensor<37x40xf32>) -> tensor<37x40xf32>
  %y = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<37x40xf32>, tensor<40xf32>) outs(%e : tensor<37x40xf32>) {
  ^bb0(%v: f32, %bv: f32, %out: f32):
    %s = arith.addf %v, %bv : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  } -> tensor<37x40xf32>
  return %y : tensor<37x40xf32>
}
// ramp(i, j) = (((3i + 5j) mod m) - 3) / 8 as e5m2, and big for j >= 200.
func.func @ramp(%rows: index, %cols: index, %m: index, %big: f32) -> tensor<?x?xf8E5M2> {
  %t = tensor.generate %rows, %cols {
  ^bb0(%i: index, %j: index):
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c200 = arith.constant 200 : index
    %a = arith.muli %i, %c3 : index
    %b = arith.muli %j, %c5 : index
    %s = arith.addi %a, %b : index
    %mm = arith.remui %s, %m : index
    %v = arith.subi %mm, %c3 : index
    %vi = arith.index_cast %v : index to i32
    %vf = arith.sitofp %vi : i32 to f32
    %eighth = arith.constant 0.125 : f32
    %x = arith.mulf %vf, %eighth : f32
    %far = arith.cmpi uge, %j, %c200 : index
    %y = arith.select %far, %big, %x : f32
    %q = arith.truncf %y : f32 to f8E5M2
    tensor.yield %q : f8E5M2
  } : tensor<?x?xf8E5M2>
  return %t : tensor<?x?xf8E5M2>
}
func.func @main() {
  %c37 = arith.constant 37 : index
  %c40 = arith.constant 40 : index
  %c208 = arith.constant 208 : index
  %c7 = arith.constant 7 : index
  %c5 = arith.constant 5 : index
  %small = arith.constant 0.25 : f32
  %big = arith.constant 224.0 : f32
  %ad = call @ramp(%c37, %c208, %c7, %small) : (index, index, index, f32) -> tensor<?x?xf8E5M2>
  %a = tensor.cast %ad : tensor<?x?xf8E5M2> to tensor<37x208xf8E5M2>
  %bd = call @ramp(%c40, %c208, %c5, %big) : (index, index, index, f32) -> tensor<?x?xf8E5M2>
  %b = tensor.cast %bd : tensor<?x?xf8E5M2> to tensor<40x208xf8E5M2>
  %bias = arith.constant dense<[0.5, -1.0, 0.25, 2.0, -0.5, 0.0, 1.0, -2.0, 0.75, 0.125, -0.25, 1.5, -1.5, 0.0, 0.5, -0.75, 3.0, 0.5, -1.0, 0.25, 2.0, -0.5, 0.0, 1.0, -2.0, 0.75, 0.125, -0.25, 1.5, -1.5, 0.0, 0.5, -0.75, 3.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0]> : tensor<40xf32>
  %r = call @gemm(%a, %b, %bias) : (tensor<37x208xf8E5M2>, tensor<40x208xf8E5M2>, tensor<40xf32>) -> tensor<37x40xf32>
  %u = tensor.cast %r : tensor<37x40xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
