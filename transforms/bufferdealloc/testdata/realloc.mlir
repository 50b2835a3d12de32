// memref.realloc grows a buffer (a new buffer, the old one freed) or
// shrinks it (the same buffer); expand-realloc and the deallocation must
// keep what @main computes and free every buffer.

func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1.5 : f32
  %two = arith.constant 2.0 : f32
  %a = memref.alloc() : memref<2xf32>
  memref.store %one, %a[%c0] : memref<2xf32>
  memref.store %two, %a[%c1] : memref<2xf32>
  %b = memref.realloc %a : memref<2xf32> to memref<4xf32>
  memref.store %two, %b[%c3] : memref<4xf32>
  %c = memref.realloc %b(%c3) : memref<4xf32> to memref<?xf32>
  %x = memref.load %c[%c0] : memref<?xf32>
  %y = memref.load %c[%c1] : memref<?xf32>
  %s = arith.addf %x, %y : f32
  return %s : f32
}
