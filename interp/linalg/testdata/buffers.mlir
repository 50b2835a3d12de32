func.func private @printMemrefF32(memref<*xf32>)

// Named operations on buffers write their output in place; a scalar
// operand is broadcast over the loops.
func.func @main() {
  %a = memref.alloc() : memref<2x4xf32>
  %b = memref.alloc() : memref<2x4xf32>
  %c1 = arith.constant 1.5 : f32
  %c2 = arith.constant -0.25 : f32
  %z = arith.constant 0.0 : f32
  %lo = arith.constant -2.0 : f64
  %hi = arith.constant 3.0 : f64
  %seed = arith.constant 7 : i32
  linalg.fill ins(%c1 : f32) outs(%a : memref<2x4xf32>)
  linalg.fill_rng_2d ins(%lo, %hi, %seed : f64, f64, i32) outs(%b : memref<2x4xf32>)
  linalg.mul ins(%a, %c2 : memref<2x4xf32>, f32) outs(%a : memref<2x4xf32>)
  linalg.add ins(%a, %b : memref<2x4xf32>, memref<2x4xf32>) outs(%b : memref<2x4xf32>)
  linalg.max ins(%b, %z : memref<2x4xf32>, f32) outs(%b : memref<2x4xf32>)
  %u = memref.cast %b : memref<2x4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %a : memref<2x4xf32>
  memref.dealloc %b : memref<2x4xf32>
  return
}
