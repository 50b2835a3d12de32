// RUN: strata-opt --optimize-allocation-liveness --split-input-file %s | FileCheck %s

// The deallocation moves up to just after the last use of the buffer, here
// a read through a view of it.
// CHECK-LABEL: func.func @through_view
// CHECK: %[[A:.*]] = memref.alloc() : memref<8xf32>
// CHECK: %[[V:.*]] = memref.subview %[[A]][2] [4] [1]
// CHECK: memref.load %[[V]]
// CHECK-NEXT: memref.dealloc %[[A]] : memref<8xf32>
// CHECK: arith.addf
func.func @through_view(%i: index, %x: f32) -> f32 {
  %a = memref.alloc() : memref<8xf32>
  %v = memref.subview %a[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
  %l = memref.load %v[%i] : memref<4xf32, strided<[1], offset: 2>>
  %s = arith.addf %l, %x : f32
  %t = arith.mulf %s, %x : f32
  memref.dealloc %a : memref<8xf32>
  return %t : f32
}

// -----

// Two deallocations whose buffers are last used by the same operation: the
// one met later in the walk ends up first.
// CHECK-LABEL: func.func @same_last_user
// CHECK: %[[A:.*]] = memref.alloc() : memref<4xf32>
// CHECK: %[[B:.*]] = memref.alloc() : memref<4xf32>
// CHECK: memref.copy %[[A]], %[[B]]
// CHECK-NEXT: memref.dealloc %[[B]]
// CHECK-NEXT: memref.dealloc %[[A]]
// CHECK-NEXT: memref.alloca
func.func @same_last_user() {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  memref.copy %a, %b : memref<4xf32> to memref<4xf32>
  %c = memref.alloca() : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  return
}

// -----

// A use nested in a loop counts as a use by the loop; a deallocation
// before the last use moves down to after it, and one of a buffer with no
// other use stays where it is.
// CHECK-LABEL: func.func @nested_use
// CHECK: %[[A:.*]] = memref.alloc() : memref<4xf32>
// CHECK: %[[B:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: scf.for
// CHECK: memref.store %{{.*}}, %[[B]]
// CHECK: }
// CHECK-NEXT: memref.dealloc %[[B]] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %[[A]] : memref<4xf32>
// CHECK-NEXT: return
func.func @nested_use(%n: index, %f: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  scf.for %i = %c0 to %n step %c1 {
    memref.store %f, %b[%i] : memref<4xf32>
  }
  memref.dealloc %a : memref<4xf32>
  return
}

// -----

// Allocations inside a loop body are handled in their own block; a buffer
// forwarded to a branch is used by that branch.
// CHECK-LABEL: func.func @in_loop
// CHECK: scf.for
// CHECK: %[[A:.*]] = memref.alloc
// CHECK-NEXT: memref.store %{{.*}}, %[[A]]
// CHECK-NEXT: memref.dealloc %[[A]]
// CHECK-NEXT: arith.addf
// CHECK-LABEL: func.func @branch_use
// CHECK: cf.br ^bb1(%{{.*}} : memref<4xf32>)
// CHECK: ^bb1
// CHECK-NEXT: memref.dealloc
func.func @in_loop(%n: index, %f: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %f) -> f32 {
    %a = memref.alloc() : memref<4xf32>
    memref.store %f, %a[%c0] : memref<4xf32>
    %s = arith.addf %acc, %f : f32
    memref.dealloc %a : memref<4xf32>
    scf.yield %s : f32
  }
  return %r : f32
}
func.func @branch_use() {
  %a = memref.alloc() : memref<4xf32>
  cf.br ^bb1(%a : memref<4xf32>)
^bb1(%b: memref<4xf32>):
  memref.dealloc %a : memref<4xf32>
  return
}

// -----

// Left alone: a deallocation in another block than its allocation, a
// buffer freed twice, an allocation freed with other buffers by one
// bufferization.dealloc, and a function without a body.
// CHECK-LABEL: func.func @not_moved
// CHECK: scf.if
// CHECK-NEXT: memref.dealloc %[[A:.*]] :
// CHECK: memref.dealloc %[[B:.*]] :
// CHECK-NEXT: memref.dealloc %[[B]] :
// CHECK-NEXT: return
// CHECK-LABEL: func.func @dealloc_op
// CHECK: arith.constant
// CHECK: arith.constant
// CHECK-NEXT: bufferization.dealloc
// CHECK-LABEL: func.func private @external
func.func @not_moved(%c: i1) {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %x = arith.constant 1.0 : f32
  scf.if %c {
    memref.dealloc %a : memref<4xf32>
  }
  %y = arith.addf %x, %x : f32
  memref.dealloc %b : memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  return
}
func.func @dealloc_op(%m: memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  %t = arith.constant true
  %u = arith.constant false
  bufferization.dealloc (%a, %m : memref<4xf32>, memref<4xf32>) if (%t, %u)
  return
}
func.func private @external(memref<4xf32>)
