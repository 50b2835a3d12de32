// Buffers that cross cf branches, including the result of an scf.if read
// in a later block: each must be freed once, after its last use.

func.func @pick(%c: i1, %m: memref<4xf32>) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %r = scf.if %c -> memref<4xf32> {
    %a = memref.alloc() : memref<4xf32>
    memref.copy %m, %a : memref<4xf32> to memref<4xf32>
    %two = arith.constant 2.0 : f32
    memref.store %two, %a[%c0] : memref<4xf32>
    scf.yield %a : memref<4xf32>
  } else {
    scf.yield %m : memref<4xf32>
  }
  cf.br ^bb1
^bb1:
  %v = memref.load %r[%c0] : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  memref.copy %r, %b : memref<4xf32> to memref<4xf32>
  cf.cond_br %c, ^bb2(%b : memref<4xf32>), ^bb3
^bb2(%x: memref<4xf32>):
  return %x : memref<4xf32>
^bb3:
  return %r : memref<4xf32>
}

func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %true = arith.constant true
  %false = arith.constant false
  %one = arith.constant 1.0 : f32
  %m = memref.alloc() : memref<4xf32>
  memref.store %one, %m[%c0] : memref<4xf32>
  %p = func.call @pick(%true, %m) : (i1, memref<4xf32>) -> memref<4xf32>
  %q = func.call @pick(%false, %m) : (i1, memref<4xf32>) -> memref<4xf32>
  %x = memref.load %p[%c0] : memref<4xf32>
  %y = memref.load %q[%c0] : memref<4xf32>
  %s = arith.addf %x, %y : f32
  return %s : f32
}
