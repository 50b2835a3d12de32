// Buffers handed through branches, loops, selects and calls: the
// deallocation pipeline must free each exactly once, and never one that
// is still read.

func.func private @fill(%n: index, %v: f32) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc(%n) : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    memref.store %v, %a[%i] : memref<?xf32>
  }
  return %a : memref<?xf32>
}

// Returns its argument or a new buffer: the caller's ownership differs.
func.func @maybe_copy(%c: i1, %m: memref<?xf32>) -> memref<?xf32> {
  %r = scf.if %c -> memref<?xf32> {
    %c0 = arith.constant 0 : index
    %n = memref.dim %m, %c0 : memref<?xf32>
    %a = memref.alloc(%n) : memref<?xf32>
    memref.copy %m, %a : memref<?xf32> to memref<?xf32>
    scf.yield %a : memref<?xf32>
  } else {
    scf.yield %m : memref<?xf32>
  }
  return %r : memref<?xf32>
}

func.func @branches(%c: i1, %x: memref<?xf32>) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  %a = memref.alloc(%n) : memref<?xf32>
  memref.copy %x, %a : memref<?xf32> to memref<?xf32>
  cf.cond_br %c, ^bb1(%a : memref<?xf32>), ^bb2
^bb1(%p: memref<?xf32>):
  cf.br ^bb3(%p : memref<?xf32>)
^bb2:
  %b = memref.alloc(%n) : memref<?xf32>
  memref.copy %a, %b : memref<?xf32> to memref<?xf32>
  cf.br ^bb3(%b : memref<?xf32>)
^bb3(%r: memref<?xf32>):
  return %r : memref<?xf32>
}

func.func @sum(%m: memref<?xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %n = memref.dim %m, %c0 : memref<?xf32>
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> f32 {
    %v = memref.load %m[%i] : memref<?xf32>
    %t = arith.addf %acc, %v : f32
    scf.yield %t : f32
  }
  return %s : f32
}

func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %true = arith.constant true
  %false = arith.constant false
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %a = func.call @fill(%c4, %one) : (index, f32) -> memref<?xf32>
  %b = func.call @fill(%c4, %two) : (index, f32) -> memref<?xf32>
  // A loop that replaces its buffer every iteration.
  %l = scf.for %i = %c0 to %c3 step %c1 iter_args(%it = %a) -> memref<?xf32> {
    %n = func.call @fill(%c4, %one) : (index, f32) -> memref<?xf32>
    %c = arith.cmpi eq, %i, %c1 : index
    %pick = arith.select %c, %n, %it : memref<?xf32>
    scf.yield %pick : memref<?xf32>
  }
  %m1 = func.call @maybe_copy(%true, %b) : (i1, memref<?xf32>) -> memref<?xf32>
  %m2 = func.call @maybe_copy(%false, %b) : (i1, memref<?xf32>) -> memref<?xf32>
  %br1 = func.call @branches(%true, %m1) : (i1, memref<?xf32>) -> memref<?xf32>
  %br2 = func.call @branches(%false, %m2) : (i1, memref<?xf32>) -> memref<?xf32>
  %stack = memref.alloca(%c4) : memref<?xf32>
  memref.copy %br2, %stack : memref<?xf32> to memref<?xf32>
  %s1 = func.call @sum(%l) : (memref<?xf32>) -> f32
  %s2 = func.call @sum(%br1) : (memref<?xf32>) -> f32
  %s3 = func.call @sum(%stack) : (memref<?xf32>) -> f32
  %t = arith.addf %s1, %s2 : f32
  %u = arith.addf %t, %s3 : f32
  return %u : f32
}
