// RUN: strata-opt --allow-unregistered-dialect --buffer-hoisting --split-input-file %s | FileCheck %s

// Allocations in the arms of a diamond whose buffers meet in the join
// block move to the entry block, before the branch, in walk order; one
// used in its own arm only stays there.

// CHECK-LABEL: func.func @diamond
// CHECK-NEXT: %alloc = memref.alloc() : memref<4xf32>
// CHECK-NEXT: %alloc_0 = memref.alloc() : memref<4xf32>
// CHECK-NEXT: cf.cond_br
// CHECK: ^bb2:
// CHECK-NEXT: %alloc_1 = memref.alloc() : memref<8xf32>
func.func @diamond(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %a = memref.alloc() : memref<4xf32>
  cf.br ^bb3(%a : memref<4xf32>)
^bb2:
  %u = memref.alloc() : memref<8xf32>
  "test.use"(%u) : (memref<8xf32>) -> ()
  %b = memref.alloc() : memref<4xf32>
  cf.br ^bb3(%b : memref<4xf32>)
^bb3(%x: memref<4xf32>):
  "test.use"(%x) : (memref<4xf32>) -> ()
  return
}

// -----

// A size defined by a block argument keeps the allocation in its block; a
// size defined in the entry block lets it move there, after the size.

// CHECK-LABEL: func.func @dependencies
// CHECK: %[[N:.*]] = arith.addi
// CHECK-NEXT: %alloc = memref.alloc(%[[N]])
// CHECK-NEXT: cf.cond_br
// CHECK: ^bb2(%[[M:.*]]: index):
// CHECK-NEXT: %alloc_0 = memref.alloc(%[[M]])
func.func @dependencies(%c: i1, %i: index) {
  %n = arith.addi %i, %i : index
  cf.cond_br %c, ^bb1, ^bb2(%i : index)
^bb1:
  %a = memref.alloc(%n) : memref<?xf32>
  cf.br ^bb3(%a : memref<?xf32>)
^bb2(%m: index):
  %b = memref.alloc(%m) : memref<?xf32>
  cf.br ^bb3(%b : memref<?xf32>)
^bb3(%x: memref<?xf32>):
  "test.use"(%x) : (memref<?xf32>) -> ()
  return
}

// -----

// A buffer forwarded to a join block moves above the uses of its alias;
// one used and freed in its own block stays there.

// CHECK-LABEL: func.func @join
// CHECK-NEXT: %alloc = memref.alloc() : memref<2xf32>
// CHECK-NEXT: cf.cond_br
// CHECK: ^bb3:
// CHECK-NEXT: %alloc_0 = memref.alloc() : memref<3xf32>
// CHECK-NEXT: memref.dealloc %alloc_0
func.func @join(%c: i1, %m: memref<2xf32>) {
  cf.cond_br %c, ^bb1, ^bb2(%m : memref<2xf32>)
^bb1:
  %a = memref.alloc() : memref<2xf32>
  "test.use"(%a) : (memref<2xf32>) -> ()
  cf.br ^bb2(%a : memref<2xf32>)
^bb2(%x: memref<2xf32>):
  "test.use"(%x) : (memref<2xf32>) -> ()
  cf.cond_br %c, ^bb3, ^bb4
^bb3:
  %d = memref.alloc() : memref<3xf32>
  memref.dealloc %d : memref<3xf32>
  cf.br ^bb4
^bb4:
  return
}

// -----

// Allocations leave scf.if regions (both arms, nested ifs), but not one
// whose size is computed inside the region.

// CHECK-LABEL: func.func @if_regions
// CHECK-NEXT: %alloc = memref.alloc(%arg1)
// CHECK-NEXT: %alloc_0 = memref.alloc(%arg1, %arg1)
// CHECK-NEXT: scf.if
// CHECK-NEXT: scf.if
// CHECK: arith.index_cast
// CHECK-NEXT: memref.alloc(%
func.func @if_regions(%c: i1, %i: index, %j: i32) -> (memref<?xf32>, memref<?xf32>) {
  %r = scf.if %c -> memref<?xf32> {
    %s = scf.if %c -> memref<?xf32> {
      %a = memref.alloc(%i) : memref<?xf32>
      scf.yield %a : memref<?xf32>
    } else {
      %k = arith.index_cast %j : i32 to index
      %b = memref.alloc(%k) : memref<?xf32>
      scf.yield %b : memref<?xf32>
    }
    scf.yield %s : memref<?xf32>
  } else {
    %e = memref.alloc(%i, %i) : memref<?x?xf32>
    %v = memref.collapse_shape %e [[0, 1]] : memref<?x?xf32> into memref<?xf32>
    scf.yield %v : memref<?xf32>
  }
  return %r, %r : memref<?xf32>, memref<?xf32>
}

// -----

// Loops, unknown region operations and stack allocations keep what they
// hold; an alloc in a block no branch reaches stays put.

// CHECK-LABEL: func.func @stays
// CHECK: scf.for
// CHECK-NEXT: memref.alloc()
// CHECK: "test.region"
// CHECK-NEXT: memref.alloc()
// CHECK: ^bb1:
// CHECK-NEXT: memref.alloca()
// CHECK: ^bb2:
// CHECK-NEXT: memref.alloc()
func.func @stays(%lb: index, %ub: index, %c: i1) {
  scf.for %iv = %lb to %ub step %ub {
    %a = memref.alloc() : memref<2xf32>
    "test.use"(%a) : (memref<2xf32>) -> ()
  }
  "test.region"() ({
    %b = memref.alloc() : memref<2xf32>
    "test.use"(%b) : (memref<2xf32>) -> ()
    "test.end"() : () -> ()
  }) : () -> ()
  cf.cond_br %c, ^bb1, ^bb3
^bb1:
  %s = memref.alloca() : memref<2xf32>
  "test.use"(%s) : (memref<2xf32>) -> ()
  cf.br ^bb3
^bb2:
  %d = memref.alloc() : memref<2xf32>
  "test.use"(%d) : (memref<2xf32>) -> ()
  cf.br ^bb3
^bb3:
  return
}
