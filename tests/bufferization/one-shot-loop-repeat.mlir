// RUN: strata-opt --one-shot-bufferize=bufferize-function-boundaries %s | FileCheck %s

// A write in a loop into a tensor defined before the loop would happen
// again in every iteration, each expecting the tensor as it was before
// the loop: it goes to a copy made in the loop.

// CHECK-LABEL: func.func @write_defined_before_loop
// CHECK: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<10xf32>
// CHECK: linalg.fill ins(%arg0 : f32) outs(%[[A]] : memref<10xf32>)
// CHECK: scf.for
// CHECK-NEXT: %[[B:.*]] = memref.alloc() {alignment = 64 : i64} : memref<10xf32>
// CHECK-NEXT: memref.copy %[[A]], %[[B]]
// CHECK-NEXT: memref.store %arg1, %[[B]][%{{.*}}]
func.func @write_defined_before_loop(%f: f32, %x: f32, %t: tensor<10xf32>, %n: index) -> (tensor<10xf32>, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e = tensor.empty() : tensor<10xf32>
  %c = linalg.fill ins(%f : f32) outs(%e : tensor<10xf32>) -> tensor<10xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%o = %t, %a = %f) -> (tensor<10xf32>, f32) {
    %s = tensor.insert %x into %c[%i] : tensor<10xf32>
    %y = tensor.extract %s[%c0] : tensor<10xf32>
    scf.yield %o, %y : tensor<10xf32>, f32
  }
  return %r#0, %r#1 : tensor<10xf32>, f32
}

// In a nested loop, the write is copied in the innermost loop that does
// not define the tensor.

// CHECK-LABEL: func.func @write_in_nested_loop
// CHECK: scf.for
// CHECK: linalg.fill
// CHECK: scf.for
// CHECK-NEXT: memref.alloc
// CHECK-NEXT: memref.copy
func.func @write_in_nested_loop(%f: f32, %x: f32, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %f) -> (f32) {
    %e = tensor.empty() : tensor<10xf32>
    %c = linalg.fill ins(%a : f32) outs(%e : tensor<10xf32>) -> tensor<10xf32>
    %q = scf.for %j = %c0 to %n step %c1 iter_args(%b = %a) -> (f32) {
      %s = tensor.insert %x into %c[%j] : tensor<10xf32>
      %y = tensor.extract %s[%c0] : tensor<10xf32>
      %z = arith.addf %b, %y : f32
      scf.yield %z : f32
    }
    scf.yield %q : f32
  }
  return %r : f32
}
