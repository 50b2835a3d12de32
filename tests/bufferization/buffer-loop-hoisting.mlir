// RUN: strata-opt --allow-unregistered-dialect --buffer-loop-hoisting --split-input-file %s | FileCheck %s

// A buffer used inside one iteration only leaves the whole loop nest, a
// stack allocation as well; one yielded to the next iteration stays.

// CHECK-LABEL: func.func @nest
// CHECK-NEXT: %alloc = memref.alloc() : memref<2xf32>
// CHECK-NEXT: %alloca = memref.alloca() : memref<3xf32>
// CHECK-NEXT: scf.for
// CHECK-NEXT: scf.for
// CHECK-NEXT: %alloc_0 = memref.alloc() : memref<4xf32>
// CHECK: scf.yield %alloc_0
func.func @nest(%lb: index, %ub: index, %m: memref<4xf32>) {
  scf.for %i = %lb to %ub step %ub {
    %r = scf.for %j = %lb to %ub step %ub iter_args(%it = %m) -> memref<4xf32> {
      %y = memref.alloc() : memref<4xf32>
      %a = memref.alloc() : memref<2xf32>
      "test.use"(%a, %it) : (memref<2xf32>, memref<4xf32>) -> ()
      %s = memref.alloca() : memref<3xf32>
      "test.use"(%s) : (memref<3xf32>) -> ()
      scf.yield %y : memref<4xf32>
    }
    "test.use"(%r) : (memref<4xf32>) -> ()
  }
  return
}

// -----

// A size computed from the outer induction variable lets the allocation
// leave the inner loop only.

// CHECK-LABEL: func.func @dependency
// CHECK: scf.for %[[I:.*]] =
// CHECK-NEXT: %alloc = memref.alloc(%[[I]])
// CHECK-NEXT: scf.for
func.func @dependency(%lb: index, %ub: index) {
  scf.for %i = %lb to %ub step %ub {
    scf.for %j = %lb to %ub step %ub {
      %a = memref.alloc(%i) : memref<?xf32>
      "test.use"(%a) : (memref<?xf32>) -> ()
    }
  }
  return
}

// -----

// Parallel loops keep their allocations; so do conditionals, whose
// allocations buffer-loop-hoisting leaves to buffer-hoisting.

// CHECK-LABEL: func.func @parallel
// CHECK: scf.parallel
// CHECK-NEXT: memref.alloc()
// CHECK: scf.forall
// CHECK-NEXT: memref.alloc()
// CHECK: scf.if
// CHECK-NEXT: memref.alloc()
func.func @parallel(%lb: index, %ub: index, %c: i1) {
  scf.parallel (%i) = (%lb) to (%ub) step (%ub) {
    %a = memref.alloc() : memref<2xf32>
    "test.use"(%a) : (memref<2xf32>) -> ()
    scf.reduce
  }
  scf.forall (%i) in (%ub) {
    %b = memref.alloc() : memref<2xf32>
    "test.use"(%b) : (memref<2xf32>) -> ()
  }
  scf.if %c {
    %d = memref.alloc() : memref<2xf32>
    "test.use"(%d) : (memref<2xf32>) -> ()
  }
  return
}

// -----

// An scf.while is a loop too: an allocation used in its condition region
// leaves it unless passed on to the body.

// CHECK-LABEL: func.func @while
// CHECK-NEXT: %alloc = memref.alloc() : memref<2xi32>
// CHECK-NEXT: scf.while
// CHECK: scf.while
// CHECK-NEXT: %alloc_0 = memref.alloc() : memref<2xi32>
func.func @while(%c: i1) {
  scf.while : () -> () {
    %a = memref.alloc() : memref<2xi32>
    "test.use"(%a) : (memref<2xi32>) -> ()
    scf.condition(%c)
  } do {
    scf.yield
  }
  %r = scf.while : () -> memref<2xi32> {
    %b = memref.alloc() : memref<2xi32>
    scf.condition(%c) %b : memref<2xi32>
  } do {
  ^bb0(%x: memref<2xi32>):
    "test.use"(%x) : (memref<2xi32>) -> ()
    scf.yield
  }
  return
}

// -----

// A loop built from branches is not left: only region loops are.

// CHECK-LABEL: func.func @cfg_loop
// CHECK: ^bb1:
// CHECK-NEXT: memref.alloc()
func.func @cfg_loop(%c: i1) {
  cf.br ^bb1
^bb1:
  %a = memref.alloc() : memref<2xf32>
  "test.use"(%a) : (memref<2xf32>) -> ()
  cf.cond_br %c, ^bb1, ^bb2
^bb2:
  return
}
