// RUN: strata-opt --allow-unregistered-dialect --canonicalize %s | FileCheck %s

// The canonicalization of the affine operations: affine.apply producers
// composed into the maps that use them, constant and duplicate operands
// folded, dimensions that are symbols promoted, maps simplified through
// their flat form ("d0 * 2 + d0" is "d0 * 3"), floordiv and mod
// simplified with the bounds of loop induction variables, min/max maps
// merged, deduplicated and ordered, loop bounds folded and composed,
// empty loops and trivial affine.if removed.

// CHECK-DAG: #map = affine_map<()[s0, s1] -> (s0 * 2 + s1 + 2)>
// CHECK-DAG: #map1 = affine_map<()[s0] -> (s0 + 4)>
// CHECK-DAG: #map2 = affine_map<()[s0] -> (s0 * 2)>
// CHECK-DAG: #map3 = affine_map<()[s0] -> (s0 * 3)>
// CHECK-DAG: #map4 = affine_map<(d0) -> (d0 * 2)>
// CHECK-DAG: #map5 = affine_map<(d0) -> (d0 mod 4)>
// CHECK-DAG: #map6 = affine_map<()[s0, s1] -> (s1, s0)>
// CHECK-DAG: #map7 = affine_map<()[s0] -> (10, s0 + 2)>
// CHECK-DAG: #map8 = affine_map<()[s0] -> (s0 + 2)>
// CHECK-DAG: #map9 = affine_map<()[s0, s1] -> (s1 + 16, s1 * 8, s0 + 4)>
// CHECK-DAG: #map10 = affine_map<()[s0, s1] -> (32, s1 + 16, s0 + s1)>
// CHECK-DAG: #map11 = affine_map<(d0) -> (d0 floordiv 4)>
// CHECK-DAG: #map12 = affine_map<()[s0, s1] -> (s0 + s1 * 2, s0)>
// CHECK-DAG: #map13 = affine_map<(d0)[s0] -> (d0, s0, d0)>
// CHECK-DAG: #map14 = affine_map<(d0) -> (d0 + 8, 100)>
// CHECK-DAG: #map15 = affine_map<()[s0, s1] -> (s0 * 2 + s1)>
// CHECK-DAG: #map16 = affine_map<()[s0] -> ((s0 + 7) ceildiv 2 + s0 floordiv 2)>
// CHECK-DAG: #map17 = affine_map<()[s0] -> (s0 * 3 - (s0 floordiv 2) * 4 + 1)>
// CHECK-DAG: #map18 = affine_map<()[s0, s1] -> ((s0 * s1) * 2)>
// CHECK-DAG: #map19 = affine_map<(d0) -> (d0)>
// CHECK-DAG: #map20 = affine_map<(d0) -> (d0 + 4)>
// CHECK-DAG: #map21 = affine_map<(d0) -> (20, d0)>
// CHECK-DAG: #set = affine_set<() : (0 >= 0)>
// CHECK-DAG: #set1 = affine_set<()[s0] : (s0 - 9 >= 0)>
// CHECK-DAG: #set2 = affine_set<(d0)[s0] : (d0 * 2 + s0 - 3 >= 0, -d0 - s0 == 0, s0 - 1 >= 0)>

#m = affine_map<(d0) -> (d0 * 2 + d0)>

// CHECK-LABEL: func.func @compose(%arg0: index, %arg1: index, %arg2: memref<100x100xf32>) -> (index, index, index, index) {
// CHECK-NEXT: %0 = affine.apply #map()[%arg0, %arg1]
// CHECK-NEXT: %1 = affine.apply #map1()[%arg0]
// CHECK-NEXT: %2 = affine.apply #map2()[%arg0]
// CHECK-NEXT: %3 = affine.apply #map3()[%arg0]
// CHECK-NEXT: return %0, %1, %2, %3 : index, index, index, index
// CHECK-NEXT: }
func.func @compose(%a: index, %b: index, %m: memref<100x100xf32>) -> (index, index, index, index) {
  %c4 = arith.constant 4 : index
  %0 = affine.apply affine_map<(d0) -> (d0 + 1)>(%a)
  %1 = affine.apply affine_map<(d0, d1) -> (d0 * 2 + d1)>(%0, %b)
  %2 = affine.apply affine_map<(d0)[s0] -> (d0 + s0)>(%a)[%c4]
  %3 = affine.apply affine_map<(d0, d1) -> (d0 + d1)>(%a, %a)
  %4 = affine.apply #m(%a)
  return %1, %2, %3, %4 : index, index, index, index
}

// CHECK-LABEL: func.func @loop(%arg0: memref<100xf32>, %arg1: index) {
// CHECK-NEXT: affine.for %arg2 = 0 to 10 {
// CHECK-NEXT: %0 = affine.load %arg0[%arg2 + 3] : memref<100xf32>
// CHECK-NEXT: affine.store %0, %arg0[%arg2 + 4] : memref<100xf32>
// CHECK-NEXT: %1 = affine.apply #map4(%arg2)
// CHECK-NEXT: %2 = affine.apply #map5(%arg2)
// CHECK-NEXT: "use"(%1, %2) : (index, index) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @loop(%m: memref<100xf32>, %n: index) {
  affine.for %i = 0 to 10 {
    %0 = affine.apply affine_map<(d0) -> (d0 + 3)>(%i)
    %v = affine.load %m[%0] : memref<100xf32>
    %1 = affine.apply affine_map<(d0) -> (d0 * 2 - d0 + 1)>(%0)
    affine.store %v, %m[%1] : memref<100xf32>
    %2 = affine.apply affine_map<(d0) -> ((d0 * 4) floordiv 2 + d0 mod 1)>(%i)
    %3 = affine.apply affine_map<(d0) -> (d0 - (d0 floordiv 4) * 4)>(%i)
    "use"(%2, %3) : (index, index) -> ()
  }
  return
}

// CHECK-LABEL: func.func @minmax(%arg0: index, %arg1: index) -> (index, index, index) {
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %0 = affine.min #map6()[%arg0, %arg1]
// CHECK-NEXT: %1 = affine.max #map7()[%arg0]
// CHECK-NEXT: return %0, %1, %c3 : index, index, index
// CHECK-NEXT: }
func.func @minmax(%a: index, %b: index) -> (index, index, index) {
  %c2 = arith.constant 2 : index
  %0 = affine.min affine_map<(d0, d1) -> (d0, d1, d0)>(%a, %b)
  %1 = affine.max affine_map<(d0)[s0] -> (d0 + s0, 10)>(%a)[%c2]
  %2 = affine.min affine_map<()[s0] -> (s0 + 1, 3)>()[%c2]
  return %0, %1, %2 : index, index, index
}

// CHECK-LABEL: func.func @loops(%arg0: index) {
// CHECK-NEXT: affine.for %arg1 = 0 to 5 {
// CHECK-NEXT: "use"(%arg1) : (index) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: affine.for %arg1 = 0 to #map8()[%arg0] {
// CHECK-NEXT: "use"(%arg1) : (index) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: "use"(%arg0, %arg0) : (index, index) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @loops(%n: index) {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  affine.for %i = %c0 to %c5 {
    "use"(%i) : (index) -> ()
  }
  affine.for %i = affine_map<(d0) -> (d0)>(%c0) to affine_map<()[s0] -> (s0 + 2)>()[%n] {
    "use"(%i) : (index) -> ()
  }
  affine.for %i = 0 to 10 {
  }
  %r = affine.for %i = 5 to 5 iter_args(%x = %n) -> (index) {
    %y = arith.addi %x, %x : index
    affine.yield %y : index
  }
  %s = affine.for %i = 0 to %n iter_args(%x = %n) -> (index) {
    affine.yield %x : index
  }
  "use"(%r, %s) : (index, index) -> ()
  return
}

// CHECK-LABEL: func.func @ifs(%arg0: index) {
// CHECK-NEXT: affine.if #set() {
// CHECK-NEXT: "use"() : () -> ()
// CHECK-NEXT: }
// CHECK-NEXT: "then"() : () -> ()
// CHECK-NEXT: "else"() : () -> ()
// CHECK-NEXT: affine.if #set1()[%arg0] {
// CHECK-NEXT: "use"() : () -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @ifs(%n: index) {
  %c1 = arith.constant 1 : index
  affine.if affine_set<(d0) : (d0 - 1 >= 0)>(%c1) {
    "use"() : () -> ()
  } else {
  }
  affine.if affine_set<() : (0 == 0)>() {
    "then"() : () -> ()
  } else {
    "else"() : () -> ()
  }
  affine.if affine_set<() : (1 == 0)>() {
    "then"() : () -> ()
  } else {
    "else"() : () -> ()
  }
  affine.if affine_set<() : (1 == 0)>() {
    "then"() : () -> ()
  }
  %0 = affine.apply affine_map<(d0) -> (d0 + 1)>(%n)
  affine.if affine_set<(d0) : (d0 - 10 >= 0)>(%0) {
    "use"() : () -> ()
  }
  return
}

// CHECK-LABEL: func.func @merge(%arg0: index, %arg1: index, %arg2: index) -> (index, index) {
// CHECK-NEXT: %0 = affine.min #map9()[%arg1, %arg0]
// CHECK-NEXT: %1 = affine.max #map10()[%arg0, %arg2]
// CHECK-NEXT: return %0, %1 : index, index
// CHECK-NEXT: }
func.func @merge(%a: index, %b: index, %c: index) -> (index, index) {
  %0 = affine.min affine_map<()[s0] -> (s0 + 16, s0 * 8)>()[%a]
  %1 = affine.min affine_map<(d0)[s0] -> (s0 + 4, d0)>(%0)[%b]
  %2 = affine.max affine_map<(d0, d1) -> (d0 + d1, d1 + 16, 32)>(%a, %c)
  return %1, %2 : index, index
}

// CHECK-LABEL: func.func @iv_divmod(%arg0: memref<100xf32>) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: affine.for %arg1 = 0 to 64 step 4 {
// CHECK-NEXT: affine.for %arg2 = 0 to 4 {
// CHECK-NEXT: %0 = affine.apply #map11(%arg1)
// CHECK-NEXT: "use"(%0, %arg2, %c0, %c0) : (index, index, index, index) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @iv_divmod(%m: memref<100xf32>) {
  affine.for %i = 0 to 64 step 4 {
    affine.for %j = 0 to 4 {
      %0 = affine.apply affine_map<(d0, d1) -> ((d0 + d1) floordiv 4)>(%i, %j)
      %1 = affine.apply affine_map<(d0, d1) -> ((d0 + d1) mod 4)>(%i, %j)
      %2 = affine.apply affine_map<(d0) -> (d0 mod 4)>(%i)
      %3 = affine.apply affine_map<(d0) -> (d0 floordiv 8)>(%j)
      "use"(%0, %1, %2, %3) : (index, index, index, index) -> ()
    }
  }
  return
}

// CHECK-LABEL: func.func @bounds(%arg0: index, %arg1: index) {
// CHECK-NEXT: affine.for %arg2 = #map2()[%arg0] to min #map12()[%arg1, %arg0] {
// CHECK-NEXT: affine.for %arg3 = max #map13(%arg2)[%arg0] to min #map14(%arg2) {
// CHECK-NEXT: "use"(%arg2, %arg3) : (index, index) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @bounds(%n: index, %m: index) {
  %0 = affine.apply affine_map<()[s0] -> (s0 * 2)>()[%n]
  affine.for %i = %0 to min affine_map<()[s0, s1] -> (s0 + s1, s1)>()[%0, %m] {
    affine.for %j = max affine_map<(d0)[s0] -> (d0, s0, d0)>(%i)[%n] to min affine_map<(d0) -> (d0 + 8, 100)>(%i) {
      "use"(%i, %j) : (index, index) -> ()
    }
  }
  return
}

// CHECK-LABEL: func.func @sets(%arg0: index, %arg1: memref<10xf32>) {
// CHECK-NEXT: affine.for %arg2 = 0 to 10 {
// CHECK-NEXT: affine.if #set2(%arg2)[%arg0] {
// CHECK-NEXT: %0 = affine.load %arg1[%arg2] : memref<10xf32>
// CHECK-NEXT: "use"(%0) : (f32) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @sets(%n: index, %m: memref<10xf32>) {
  affine.for %i = 0 to 10 {
    %0 = affine.apply affine_map<(d0)[s0] -> (d0 * 2 + s0)>(%i)[%n]
    affine.if affine_set<(d0, d1)[s0] : (d0 - 3 >= 0, d1 - d0 == 0, s0 - 1 >= 0)>(%0, %i)[%n] {
      %v = affine.load %m[%i] : memref<10xf32>
      "use"(%v) : (f32) -> ()
    }
  }
  return
}

// CHECK-LABEL: func.func @loadstore(%arg0: memref<10x10xf32>, %arg1: index) {
// CHECK-NEXT: affine.for %arg2 = 0 to 10 {
// CHECK-NEXT: %0 = affine.load %arg0[%arg2 + 3, symbol(%arg1)] : memref<10x10xf32>
// CHECK-NEXT: affine.store %0, %arg0[%arg2, %arg2 + 1] : memref<10x10xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @loadstore(%m: memref<10x10xf32>, %n: index) {
  %c3 = arith.constant 3 : index
  affine.for %i = 0 to 10 {
    %0 = affine.apply affine_map<(d0)[s0] -> (d0 + s0)>(%i)[%c3]
    %v = affine.load %m[%0, %n] : memref<10x10xf32>
    %1 = affine.apply affine_map<(d0) -> (d0 * 3 - d0 * 2)>(%i)
    affine.store %v, %m[%1, %1 + 1] : memref<10x10xf32>
  }
  return
}

// CHECK-LABEL: func.func @apply_exprs(%arg0: index, %arg1: index) -> (index, index, index, index, index) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0 = affine.apply #map15()[%arg0, %arg1]
// CHECK-NEXT: %1 = affine.apply #map16()[%arg0]
// CHECK-NEXT: %2 = affine.apply #map17()[%arg0]
// CHECK-NEXT: %3 = affine.apply #map18()[%arg1, %arg0]
// CHECK-NEXT: return %0, %c0, %1, %2, %3 : index, index, index, index, index
// CHECK-NEXT: }
func.func @apply_exprs(%a: index, %b: index) -> (index, index, index, index, index) {
  %0 = affine.apply affine_map<(d0, d1) -> ((d0 * 6 + d1 * 3) floordiv 3)>(%a, %b)
  %1 = affine.apply affine_map<(d0, d1) -> ((d0 * 6 + d1 * 3) mod 3)>(%a, %b)
  %2 = affine.apply affine_map<(d0) -> ((d0 + 7) ceildiv 2 + d0 floordiv 2)>(%a)
  %3 = affine.apply affine_map<(d0) -> (d0 * 3 - (d0 floordiv 2) * 4 + 1)>(%a)
  %4 = affine.apply affine_map<(d0)[s0] -> (d0 * s0 + d0 * s0)>(%a)[%b]
  return %0, %1, %2, %3, %4 : index, index, index, index, index
}

// CHECK-LABEL: func.func @lbmax(%arg0: index) {
// CHECK-NEXT: affine.for %arg1 = 0 to 10 {
// CHECK-NEXT: affine.for %arg2 = #map19(%arg1) to #map20(%arg1) {
// CHECK-NEXT: "use"(%arg2) : (index) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @lbmax(%n: index) {
  affine.for %i = 0 to 10 {
    affine.for %j = max affine_map<(d0) -> (d0, 0)>(%i) to min affine_map<(d0) -> (d0 + 4, d0 + 4, 20)>(%i) {
      "use"(%j) : (index) -> ()
    }
  }
  return
}

// CHECK-LABEL: func.func @minfold(%arg0: index) -> index {
// CHECK-NEXT: %0 = affine.for %arg1 = 0 to 10 iter_args(%arg2 = %arg0) -> (index) {
// CHECK-NEXT: %1 = affine.min #map21(%arg1)
// CHECK-NEXT: %2 = arith.addi %1, %arg1 : index
// CHECK-NEXT: affine.yield %2 : index
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : index
// CHECK-NEXT: }
func.func @minfold(%n: index) -> index {
  %r = affine.for %i = 0 to 10 iter_args(%a = %n) -> (index) {
    %0 = affine.min affine_map<(d0) -> (d0, 20)>(%i)
    %1 = affine.apply affine_map<(d0) -> (d0 mod 16)>(%i)
    %2 = affine.apply affine_map<(d0) -> (d0 floordiv 16)>(%i)
    %3 = arith.addi %0, %1 : index
    %4 = arith.addi %3, %2 : index
    affine.yield %4 : index
  }
  return %r : index
}

// CHECK-LABEL: func.func @vec(%arg0: memref<100x100xf32>, %arg1: index) {
// CHECK-NEXT: affine.for %arg2 = 0 to 16 {
// CHECK-NEXT: %0 = affine.vector_load %arg0[%arg2 + 3, %arg2 * 2 + 7] : memref<100x100xf32>, vector<8xf32>
// CHECK-NEXT: affine.vector_store %0, %arg0[%arg2 + 4, symbol(%arg1)] : memref<100x100xf32>, vector<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @vec(%m: memref<100x100xf32>, %n: index) {
  affine.for %i = 0 to 16 {
    %0 = affine.apply affine_map<(d0) -> (d0 + 3)>(%i)
    %v = affine.vector_load %m[%0, %i * 2 + 7] : memref<100x100xf32>, vector<8xf32>
    affine.vector_store %v, %m[%0 + 1, symbol(%n)] : memref<100x100xf32>, vector<8xf32>
  }
  return
}

// CHECK-LABEL: func.func @pf(%arg0: memref<400x400xi32>, %arg1: index) {
// CHECK-NEXT: affine.for %arg2 = 0 to 10 {
// CHECK-NEXT: affine.prefetch %arg0[%arg2 + 1, %arg2 + 5], read, locality<3>, data : memref<400x400xi32>
// CHECK-NEXT: affine.prefetch %arg0[%arg2, symbol(%arg1)], write, locality<0>, instr : memref<400x400xi32>
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @pf(%m: memref<400x400xi32>, %n: index) {
  affine.for %i = 0 to 10 {
    %0 = affine.apply affine_map<(d0) -> (d0 + 1)>(%i)
    affine.prefetch %m[%0, %i + 5], read, locality<3>, data : memref<400x400xi32>
    affine.prefetch %m[%i, symbol(%n)], write, locality<0>, instr : memref<400x400xi32>
  }
  return
}
