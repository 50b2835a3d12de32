// RUN: strata-opt --one-shot-bufferize="bufferize-function-boundaries copy-before-write" %s | FileCheck %s

// Without the analysis a loop makes no copy of what it yields or passes
// on: each iteration argument has the identity layout of the copy of its
// init unless the value yielded to it has a buffer of another type, which
// gives it the fully dynamic layout, as upstream's getBufferType of a
// loop's region arguments.

// A slice of the iteration argument is yielded as it is.
// CHECK-LABEL: func.func @for_yields_slice
// CHECK: %[[A:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xf32>
// CHECK: memref.copy %arg0, %[[A]]
// CHECK: %[[C:.*]] = memref.cast %[[A]] : memref<?xf32> to memref<?xf32, strided<[?], offset: ?>>
// CHECK: scf.for {{.*}} iter_args(%[[X:.*]] = %[[C]]) -> (memref<?xf32, strided<[?], offset: ?>>)
// CHECK-NEXT: %[[S:.*]] = memref.subview %[[X]][1] [%{{.*}}] [1]
// CHECK-NEXT: scf.yield %[[S]] : memref<?xf32, strided<[?], offset: ?>>
func.func @for_yields_slice(%t: tensor<?xf32>, %lb: index, %ub: index, %step: index) -> tensor<?xf32> {
  %r = scf.for %i = %lb to %ub step %step iter_args(%a = %t) -> tensor<?xf32> {
    %s = tensor.extract_slice %a[1][%i][1] : tensor<?xf32> to tensor<?xf32>
    scf.yield %s : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

// A new buffer made in the "do" region keeps the identity layout of the
// "before" argument.
// CHECK-LABEL: func.func @while_yields_alloc
// CHECK: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<5xf32>
// CHECK: memref.copy %arg0, %[[A]]
// CHECK: scf.while (%[[X:.*]] = %[[A]]) : (memref<5xf32>) -> memref<5xf32>
// CHECK-NEXT: scf.condition(%arg1) %[[X]] : memref<5xf32>
// CHECK: %[[N:.*]] = memref.alloc() {alignment = 64 : i64} : memref<5xf32>
// CHECK-NEXT: scf.yield %[[N]] : memref<5xf32>
func.func @while_yields_alloc(%t: tensor<5xf32>, %c: i1) -> tensor<5xf32> {
  %r = scf.while (%a = %t) : (tensor<5xf32>) -> tensor<5xf32> {
    scf.condition(%c) %a : tensor<5xf32>
  } do {
  ^bb0(%b: tensor<5xf32>):
    %n = bufferization.alloc_tensor() : tensor<5xf32>
    scf.yield %n : tensor<5xf32>
  }
  return %r : tensor<5xf32>
}

// scf.condition passes on the written copies as they are.
// CHECK-LABEL: func.func @while_writes_both
// CHECK: scf.while (%[[X:.*]] = %{{.*}}) : (memref<5xf32>) -> memref<5xf32>
// CHECK-NEXT: %[[B:.*]] = memref.alloc() {alignment = 64 : i64} : memref<5xf32>
// CHECK-NEXT: memref.copy %[[X]], %[[B]]
// CHECK-NEXT: memref.store %arg2, %[[B]][%arg3]
// CHECK-NEXT: scf.condition(%arg1) %[[B]] : memref<5xf32>
// CHECK: ^bb0(%[[Y:.*]]: memref<5xf32>):
// CHECK-NEXT: %[[D:.*]] = memref.alloc() {alignment = 64 : i64} : memref<5xf32>
// CHECK-NEXT: memref.copy %[[Y]], %[[D]]
// CHECK-NEXT: memref.store %arg2, %[[D]][%arg3]
// CHECK-NEXT: scf.yield %[[D]] : memref<5xf32>
func.func @while_writes_both(%t: tensor<5xf32>, %c: i1, %f: f32, %i: index) -> tensor<5xf32> {
  %r = scf.while (%a = %t) : (tensor<5xf32>) -> tensor<5xf32> {
    %a2 = tensor.insert %f into %a[%i] : tensor<5xf32>
    scf.condition(%c) %a2 : tensor<5xf32>
  } do {
  ^bb0(%b: tensor<5xf32>):
    %b2 = tensor.insert %f into %b[%i] : tensor<5xf32>
    scf.yield %b2 : tensor<5xf32>
  }
  return %r : tensor<5xf32>
}

// A slice passed on by scf.condition: the "before" argument, to which
// the "do" region yields it back, takes the fully dynamic layout.
// CHECK-LABEL: func.func @while_passes_slice
// CHECK: %[[C:.*]] = memref.cast %{{.*}} : memref<?xf32> to memref<?xf32, strided<[?], offset: ?>>
// CHECK: scf.while (%[[X:.*]] = %[[C]]) : (memref<?xf32, strided<[?], offset: ?>>) -> memref<?xf32, strided<[?], offset: ?>>
// CHECK-NEXT: %[[S:.*]] = memref.subview %[[X]][1] [%arg3] [1]
// CHECK-NEXT: scf.condition(%arg1) %[[S]] : memref<?xf32, strided<[?], offset: ?>>
// CHECK: ^bb0(%[[Y:.*]]: memref<?xf32, strided<[?], offset: ?>>):
// CHECK-NEXT: scf.yield %[[Y]] : memref<?xf32, strided<[?], offset: ?>>
func.func @while_passes_slice(%t: tensor<?xf32>, %c: i1, %f: f32, %i: index) -> tensor<?xf32> {
  %r = scf.while (%a = %t) : (tensor<?xf32>) -> tensor<?xf32> {
    %s = tensor.extract_slice %a[1][%i][1] : tensor<?xf32> to tensor<?xf32>
    scf.condition(%c) %s : tensor<?xf32>
  } do {
  ^bb0(%b: tensor<?xf32>):
    scf.yield %b : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

// A value defined before the loop is passed on as it is.
// CHECK-LABEL: func.func @while_passes_constant
// CHECK: %[[G:.*]] = memref.get_global
// CHECK: scf.while
// CHECK-NEXT: scf.condition(%arg0) %[[G]] : memref<f32>
func.func @while_passes_constant(%c: i1) -> tensor<f32> {
  %k = arith.constant dense<1.0> : tensor<f32>
  %r = scf.while (%x = %c) : (i1) -> tensor<f32> {
    scf.condition(%c) %k : tensor<f32>
  } do {
  ^bb0(%b: tensor<f32>):
    scf.yield %c : i1
  }
  return %r : tensor<f32>
}

// Without the analysis nothing is known of the contents of a new
// tensor: the loop's copy of its init copies them too.
// CHECK-LABEL: func.func @for_empty_init
// CHECK: %[[E:.*]] = memref.alloc() {alignment = 64 : i64} : memref<5xf32>
// CHECK-NEXT: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<5xf32>
// CHECK-NEXT: memref.copy %[[E]], %[[A]]
// CHECK-NEXT: scf.for {{.*}} iter_args(%{{.*}} = %[[A]]) -> (memref<5xf32>)
func.func @for_empty_init(%f: f32, %lb: index, %ub: index, %step: index) -> tensor<5xf32> {
  %e = tensor.empty() : tensor<5xf32>
  %r = scf.for %i = %lb to %ub step %step iter_args(%a = %e) -> tensor<5xf32> {
    %w = tensor.insert %f into %a[%i] : tensor<5xf32>
    scf.yield %w : tensor<5xf32>
  }
  return %r : tensor<5xf32>
}

// A slice of an argument of the function, a view with the fully dynamic
// layout, is yielded as it is.
// CHECK-LABEL: func.func @for_yields_slice_of_argument
// CHECK: scf.for {{.*}} -> (memref<8xf32, strided<[?], offset: ?>>)
// CHECK-NEXT: %[[S:.*]] = memref.subview %arg0[%{{.*}}] [8] [1]
// CHECK-NEXT: scf.yield %[[S]] : memref<8xf32, strided<[?], offset: ?>>
func.func @for_yields_slice_of_argument(%t: tensor<8xf32>, %lb: index, %ub: index, %step: index) -> f32 {
  %c0 = arith.constant 0 : index
  %e = tensor.empty() : tensor<8xf32>
  %r = scf.for %i = %lb to %ub step %step iter_args(%a = %e) -> tensor<8xf32> {
    %s = tensor.extract_slice %t[%i][8][1] : tensor<8xf32> to tensor<8xf32>
    scf.yield %s : tensor<8xf32>
  }
  %x = tensor.extract %r[%c0] : tensor<8xf32>
  return %x : f32
}
