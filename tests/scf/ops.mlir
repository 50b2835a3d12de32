// RUN: strata-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: strata-opt --allow-unregistered-dialect --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// scf.for: index and integer bounds, iter_args, unsigned comparison, and
// the implicit scf.yield of a loop without results.
// CHECK-LABEL: func.func @loops
// CHECK: %0 = scf.for unsigned %arg3 = %arg1 to %arg1 step %arg1 iter_args(%arg4 = %arg1) -> (i32)  : i32 {
// CHECK-NEXT: scf.yield %arg4 : i32
// CHECK: scf.for %arg3 = %arg0 to %arg0 step %arg0 {
// CHECK-NEXT: "test.x"(%arg3) : (index) -> ()
// CHECK-NEXT: }
// GENERIC-LABEL: sym_name = "loops"
// GENERIC: <{unsignedCmp}>
// GENERIC: "test.x"(%{{.*}}) : (index) -> ()
// GENERIC-NEXT: "scf.yield"() : () -> ()
func.func @loops(%a: index, %b: i32, %c: i1) -> i32 {
  %r = scf.for unsigned %i = %b to %b step %b iter_args(%x = %b) -> (i32) : i32 {
    scf.yield %x : i32
  }
  scf.for %i = %a to %a step %a {
    "test.x"(%i) : (index) -> ()
  }
  return %r : i32
}

// scf.if with and without results, scf.while, scf.execute_region.
// CHECK-LABEL: func.func @branches
// CHECK: %0 = scf.if %arg2 -> (i32) {
// CHECK: } else {
// CHECK: scf.if %arg2 {
// CHECK-NEXT: }
// CHECK: %1 = scf.while (%arg3 = %arg1) : (i32) -> i32 {
// CHECK-NEXT: scf.condition(%arg2) %arg3 : i32
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%arg3: i32):
// CHECK: %2 = scf.execute_region -> i32 no_inline {
// CHECK: scf.execute_region {
// CHECK: } {foo}
// CHECK: scf.while : () -> () {
// CHECK: } attributes {foo}
func.func @branches(%a: index, %b: i32, %c: i1) -> i32 {
  %q = scf.if %c -> i32 {
    scf.yield %b : i32
  } else {
    scf.yield %b : i32
  }
  scf.if %c {
  }
  %w = scf.while (%arg = %b) : (i32) -> i32 {
    scf.condition(%c) %arg : i32
  } do {
  ^bb0(%z: i32):
    scf.yield %z : i32
  }
  %e = scf.execute_region -> i32 no_inline {
    scf.yield %b : i32
  }
  scf.execute_region {
    scf.yield
  } {foo}
  scf.while : () -> () {
    scf.condition(%c)
  } do {
    scf.yield
  } attributes {foo}
  return %w : i32
}

// scf.index_switch: cases, results and the default region.
// CHECK-LABEL: func.func @switch
// CHECK: %0 = scf.index_switch %arg0 -> i32
// CHECK-NEXT: case 2 {
// CHECK: default {
// CHECK: scf.index_switch %arg0
// CHECK-NEXT: default {
// CHECK-NEXT: }
func.func @switch(%a: index, %b: i32) -> i32 {
  %s = scf.index_switch %a -> i32
  case 2 {
    scf.yield %b : i32
  }
  case 5 {
    "test.x"() : () -> ()
    scf.yield %b : i32
  }
  default {
    scf.yield %b : i32
  }
  scf.index_switch %a
  default {
  }
  return %s : i32
}

// scf.forall with mixed static and dynamic bounds, shared_outs and a
// mapping; scf.parallel with init values and reductions.
// CHECK-LABEL: func.func @parallel
// CHECK: scf.forall (%arg3, %arg4) = (0, %arg0) to (%arg0, 8) step (2, %arg0) shared_outs(%arg5 = %arg1) -> (tensor<4xf32>) {
// CHECK: } {mapping = [#gpu.thread<x>, #gpu.thread<y>]}
// CHECK: scf.forall (%arg3) in (%arg0) {
// CHECK: scf.parallel (%arg3, %arg4) = (%arg0, %arg0) to (%arg0, %arg0) step (%arg0, %arg0) init (%arg2) -> f32 {
// CHECK: scf.reduce(%arg2 : f32) {
// CHECK: scf.reduce.return %arg5 : f32
// CHECK: scf.parallel (%arg3) = (%arg0) to (%arg0) step (%arg0) {
// CHECK-NEXT: scf.reduce
// CHECK-NEXT: }
// GENERIC-LABEL: sym_name = "parallel"
// GENERIC: "scf.forall.in_parallel"() ({
// GENERIC-NEXT: ^bb0:
func.func @parallel(%a: index, %t: tensor<4xf32>, %f: f32) {
  %r = scf.forall (%i, %j) = (0, %a) to (%a, 8) step (2, %a) shared_outs(%o = %t) -> (tensor<4xf32>) {
    scf.forall.in_parallel {
    }
  } {mapping = [#gpu.thread<x>, #gpu.thread<y>]}
  scf.forall (%i) in (%a) {
    "test.x"() : () -> ()
  }
  %s = scf.parallel (%i, %j) = (%a, %a) to (%a, %a) step (%a, %a) init (%f) -> f32 {
    scf.reduce(%f : f32) {
    ^bb0(%l: f32, %r2: f32):
      scf.reduce.return %l : f32
    }
  }
  scf.parallel (%i) = (%a) to (%a) step (%a) {
  }
  %s2:2 = scf.parallel (%i) = (%a) to (%a) step (%a) init (%f, %f) -> (f32, f32) {
    scf.reduce(%f, %f : f32, f32) {
    ^bb0(%l: f32, %r2: f32):
      scf.reduce.return %l : f32
    }, {
    ^bb0(%l: f32, %r2: f32):
      scf.reduce.return %l : f32
    }
  }
  return
}
