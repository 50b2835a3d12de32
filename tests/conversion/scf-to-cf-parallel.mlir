// RUN: strata-opt --convert-scf-to-cf %s | FileCheck %s

// scf.index_switch becomes a cf.switch on the i32 cast of its argument;
// scf.parallel and scf.forall become loop nests carrying the reductions.

// CHECK-LABEL: func.func @sw
// CHECK: %[[F:.*]] = arith.index_cast %arg0 : index to i32
// CHECK: cf.switch %[[F]] : i32, [
// CHECK-NEXT: default: ^bb3,
// CHECK-NEXT: 2: ^bb1,
// CHECK-NEXT: 5: ^bb2
// CHECK: ^bb4(%[[R:.*]]: i32):
// CHECK-NEXT: return %[[R]] : i32
func.func @sw(%i: index, %a: i32) -> i32 {
  %0 = scf.index_switch %i -> i32
  case 2 {
    %c = arith.addi %a, %a : i32
    scf.yield %c : i32
  }
  case 5 {
    scf.yield %a : i32
  }
  default {
    %d = arith.muli %a, %a : i32
    scf.yield %d : i32
  }
  return %0 : i32
}
func.func @sw0(%i: index) {
  scf.index_switch %i
  default {
  }
  return
}
// CHECK-LABEL: func.func @par
// CHECK: cf.br ^bb1(%arg0 : index)
// CHECK: arith.cmpi slt, %{{.*}}, %arg1 : index
// CHECK: cf.br ^bb3(%arg0 : index)
// CHECK: memref.load %arg3[%0, %2]
func.func @par(%lb: index, %ub: index, %st: index, %m: memref<?x?xf32>) {
  scf.parallel (%i, %j) = (%lb, %lb) to (%ub, %ub) step (%st, %st) {
    %v = memref.load %m[%i, %j] : memref<?x?xf32>
    memref.store %v, %m[%j, %i] : memref<?x?xf32>
    scf.reduce
  }
  return
}
// CHECK-LABEL: func.func @red
// CHECK: ^bb1(%[[I:.*]]: index, %[[ACC:.*]]: f32):
// CHECK: %[[V:.*]] = memref.load %arg3[%[[I]]]
// CHECK: arith.addf %[[ACC]], %[[V]] : f32
func.func @red(%lb: index, %ub: index, %st: index, %m: memref<?xf32>) -> f32 {
  %z = arith.constant 0.0 : f32
  %r = scf.parallel (%i) = (%lb) to (%ub) step (%st) init (%z) -> f32 {
    %v = memref.load %m[%i] : memref<?xf32>
    scf.reduce(%v : f32) {
    ^bb0(%x: f32, %y: f32):
      %s = arith.addf %x, %y : f32
      scf.reduce.return %s : f32
    }
  }
  return %r : f32
}
// CHECK-LABEL: func.func @fa(
// CHECK: %c0 = arith.constant 0 : index
// CHECK: %c1 = arith.constant 1 : index
// CHECK: cf.br ^bb1(%c0 : index)
func.func @fa(%m: memref<?xf32>, %n: index) {
  scf.forall (%i) in (%n) {
    %v = memref.load %m[%i] : memref<?xf32>
    memref.store %v, %m[%i] : memref<?xf32>
  }
  return
}
// CHECK-LABEL: func.func @fa2
// CHECK: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c8 = arith.constant 8 : index
// CHECK-NEXT: %c16 = arith.constant 16 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK: cf.br ^bb3(%arg1 : index)
func.func @fa2(%m: memref<?x?xf32>, %n: index) {
  scf.forall (%i, %j) = (1, %n) to (8, 16) step (2, 3) {
    %v = memref.load %m[%i, %j] : memref<?x?xf32>
    memref.store %v, %m[%j, %i] : memref<?x?xf32>
  } {mapping = [#gpu.thread<x>, #gpu.thread<y>]}
  return
}
// CHECK-LABEL: func.func @fa3
// CHECK: %c0_0 = arith.constant 0 : index
// CHECK: %c1_1 = arith.constant 1 : index
func.func @fa3(%m: memref<?x?xf32>) {
  scf.forall (%i, %j) in (4, 5) {
    %v = memref.load %m[%i, %j] : memref<?x?xf32>
    memref.store %v, %m[%j, %i] : memref<?x?xf32>
  }
  return
}
// CHECK-LABEL: func.func @nest
// CHECK: cf.cond_br %arg2, ^bb3, ^bb7
// CHECK: ^bb6:
// CHECK-NEXT: cf.br ^bb7
func.func @nest(%m: memref<?x?xf32>, %n: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    scf.if %c {
    scf.parallel (%j) = (%c0) to (%n) step (%c1) {
      %v = memref.load %m[%i, %j] : memref<?x?xf32>
      memref.store %v, %m[%j, %i] : memref<?x?xf32>
    }
    }
  }
  return
}
// CHECK-LABEL: func.func @red2
// CHECK: cf.switch %{{.*}} : i32, [
// CHECK-NEXT: default: ^bb{{[0-9]+}},
// CHECK-NEXT: 7: ^bb
// CHECK: arith.mulf
// CHECK: arith.muli
// CHECK: 3: ^bb{{[0-9]+}},
// CHECK-NEXT: 4: ^bb
func.func @red2(%n: index, %m: memref<?x?xf32>, %s: index) -> (f32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %k = arith.constant 1 : i32
  %r:2 = scf.parallel (%i, %j) = (%c0, %c0) to (%n, %n) step (%c1, %c1) init (%z, %k) -> (f32, i32) {
    %v = memref.load %m[%i, %j] : memref<?x?xf32>
    %w = arith.index_cast %i : index to i32
    %x = scf.index_switch %j -> i32
    case 7 {
      scf.yield %w : i32
    }
    default {
      scf.yield %k : i32
    }
    scf.reduce(%v, %x : f32, i32) {
    ^bb0(%a: f32, %b: f32):
      %t = arith.mulf %a, %b : f32
      %u = arith.addf %t, %a : f32
      scf.reduce.return %u : f32
    }, {
    ^bb0(%a: i32, %b: i32):
      %t = arith.muli %a, %b : i32
      scf.reduce.return %t : i32
    }
  }
  scf.for %q = %c0 to %n step %c1 {
    scf.index_switch %q
    case 3 {
      memref.store %z, %m[%q, %q] : memref<?x?xf32>
      scf.yield
    }
    case 4 {
      scf.yield
    }
    default {
    }
  }
  return %r#0, %r#1 : f32, i32
}

// CHECK-LABEL: func.func @neg
// CHECK: 4294967295: ^bb1,
// CHECK-NEXT: 1: ^bb2
func.func @neg(%i: index) {
  %0 = scf.index_switch %i -> i32
  case -1 {
  %a = arith.constant 1 : i32
  scf.yield %a : i32
  }
  case 4294967297 {
  %b = arith.constant 2 : i32
  scf.yield %b : i32
  }
  default {
  %d = arith.constant 3 : i32
  scf.yield %d : i32
  }
  return
}

// CHECK-LABEL: func.func @one
// CHECK: default: ^bb2,
// CHECK-NEXT: 7: ^bb1
func.func @one(%i: index) -> i32 {
  %0 = scf.index_switch %i -> i32
  case 7 {
  %a = arith.constant 1 : i32
  scf.yield %a : i32
  }
  default {
  %d = arith.constant 3 : i32
  scf.yield %d : i32
  }
  return %0 : i32
}
