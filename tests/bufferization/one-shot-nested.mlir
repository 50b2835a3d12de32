// RUN: strata-opt --one-shot-bufferize=bufferize-function-boundaries %s | FileCheck %s

// The body of a linalg operation may read a tensor defined outside it:
// the body is bufferized with the operation.

// CHECK-LABEL: func.func @gather_rows
// CHECK: linalg.generic {{.*}} ins(%arg1 : memref<?xindex, strided<[?], offset: ?>>) outs(%arg2 : memref<?x4xf32, strided<[?, ?], offset: ?>>)
// CHECK: %[[X:.*]] = memref.load %arg0[%{{.*}}, %{{.*}}] : memref<?x4xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: linalg.yield %[[X]] : f32
func.func @gather_rows(%src: tensor<?x4xf32>, %rows: tensor<?xindex>, %out: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %r = linalg.generic {
      indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%rows : tensor<?xindex>) outs(%out : tensor<?x4xf32>) {
    ^bb0(%row: index, %o: f32):
      %col = linalg.index 1 : index
      %x = tensor.extract %src[%row, %col] : tensor<?x4xf32>
      linalg.yield %x : f32
  } -> tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}

// An inner loop that yields its iter_arg's buffer returns the buffer of
// its init: the outer loop yields its own iter_arg.

// CHECK-LABEL: func.func @nested_loops
// CHECK: scf.for %{{.*}} iter_args(%[[A:.*]] = %arg0)
// CHECK-NEXT: %[[R:.*]] = scf.for %{{.*}} iter_args(%[[B:.*]] = %[[A]])
// CHECK-NEXT: memref.store %arg1, %[[B]]
// CHECK-NEXT: scf.yield %[[B]]
// CHECK: scf.yield %[[R]]
func.func @nested_loops(%t: tensor<8xf32>, %f: f32, %n: index) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %t) -> (tensor<8xf32>) {
    %s = scf.for %j = %c0 to %n step %c1 iter_args(%b = %a) -> (tensor<8xf32>) {
      %w = tensor.insert %f into %b[%j] : tensor<8xf32>
      scf.yield %w : tensor<8xf32>
    }
    scf.yield %s : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}
