// RUN: strata-opt --one-shot-bufferize="bufferize-function-boundaries copy-before-write" %s | FileCheck %s
// RUN: strata-opt --one-shot-bufferize="bufferize-function-boundaries no-analysis-func-filter=no_analysis" %s | FileCheck %s --check-prefix=FILTER

// copy-before-write skips the in-place analysis: every write goes to a
// new buffer, a copy of the old one unless the write overwrites it all
// (a fill) or its contents are undefined. no-analysis-func-filter does
// the same for the functions it names only.

// CHECK-LABEL: func.func @insert_into_argument
// CHECK: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<10xf32>
// CHECK-NEXT: memref.copy %arg0, %[[A]]
// CHECK-NEXT: memref.store %arg1, %[[A]][%arg2]
// FILTER-LABEL: func.func @insert_into_argument
// FILTER-NOT: memref.alloc
// FILTER: memref.store %arg1, %arg0[%arg2]
func.func @insert_into_argument(%t: tensor<10xf32>, %f: f32, %i: index) -> tensor<10xf32> {
  %r = tensor.insert %f into %t[%i] : tensor<10xf32>
  return %r : tensor<10xf32>
}

// A fill overwrites its whole buffer: nothing is copied, and the
// buffer of the empty tensor it replaces is not made.
// CHECK-LABEL: func.func @fill_then_insert
// CHECK: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT: linalg.fill ins(%arg0 : f32) outs(%[[A]] : memref<4xf32>)
// CHECK-NEXT: %[[B:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT: memref.copy %[[A]], %[[B]]
// CHECK-NEXT: memref.store %arg0, %[[B]][%arg1]
func.func @fill_then_insert(%f: f32, %i: index) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %a = linalg.fill ins(%f : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %b = tensor.insert %f into %a[%i] : tensor<4xf32>
  return %b : tensor<4xf32>
}

// FILTER-LABEL: func.func @no_analysis
// FILTER: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<10xf32>
// FILTER-NEXT: memref.copy %arg0, %[[A]]
// FILTER-NEXT: memref.store %arg1, %[[A]][%arg2]
func.func @no_analysis(%t: tensor<10xf32>, %f: f32, %i: index) -> tensor<10xf32> {
  %r = tensor.insert %f into %t[%i] : tensor<10xf32>
  return %r : tensor<10xf32>
}

// Reads need no copy.
// CHECK-LABEL: func.func @read_only
// CHECK-NOT: memref.alloc
// CHECK: memref.load %arg0[%arg1]
func.func @read_only(%t: tensor<10xf32>, %i: index) -> f32 {
  %x = tensor.extract %t[%i] : tensor<10xf32>
  return %x : f32
}

// A vector.transfer_write of the whole tensor overwrites it: no copy.
// CHECK-LABEL: func.func @transfer_write_all
// CHECK: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NOT: memref.copy
// CHECK: vector.transfer_write %arg1, %[[A]][%{{.*}}]
func.func @transfer_write_all(%t: tensor<4xf32>, %v: vector<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %r = vector.transfer_write %v, %t[%c0] : vector<4xf32>, tensor<4xf32>
  return %r : tensor<4xf32>
}

// A loop's iteration argument is written: its init is copied.
// CHECK-LABEL: func.func @loop
// CHECK: memref.alloc
// CHECK: memref.copy %arg0
// CHECK: scf.for
func.func @loop(%t: tensor<10xf32>, %f: f32, %n: index) -> tensor<10xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %t) -> (tensor<10xf32>) {
    %b = tensor.insert %f into %a[%i] : tensor<10xf32>
    scf.yield %b : tensor<10xf32>
  }
  return %r : tensor<10xf32>
}
