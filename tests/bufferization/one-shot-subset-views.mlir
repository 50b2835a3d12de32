// RUN: strata-opt --one-shot-bufferize="bufferize-function-boundaries test-analysis-only" --split-input-file %s | FileCheck %s

// A tile inserted back into the subset it was extracted from does not
// conflict with the insertion's read of its destination, even when what
// is inserted is a view taken of the tile after it was computed: going
// back from the inserted value, the analysis follows every operand whose
// buffer the values on the way may share (a view, which writes nothing,
// as well as an operand written in place) and finds the matching slice.

// CHECK-LABEL: func.func @view_of_computed_tile(
// CHECK: tensor.extract_slice {{.*}} {__inplace_operands_attr__ = ["true", "none", "none", "none", "none"]}
// CHECK: linalg.fill {__inplace_operands_attr__ = ["none", "true"]}
// CHECK: tensor.extract_slice {{.*}} {__inplace_operands_attr__ = ["true", "none", "none"]}
// CHECK: tensor.insert_slice {{.*}} {__inplace_operands_attr__ = ["true", "true", "none", "none", "none", "none"]}
func.func @view_of_computed_tile(%i: index, %j: index, %n: index, %m: index, %f: f32,
    %t: tensor<30x20xf32> {bufferization.writable = true}) -> tensor<30x20xf32> {
  %0 = tensor.extract_slice %t[%i, %j] [%n, %m] [1, 1] : tensor<30x20xf32> to tensor<?x?xf32>
  %1 = linalg.fill ins(%f : f32) outs(%0 : tensor<?x?xf32>) -> tensor<?x?xf32>
  %2 = tensor.extract_slice %1[0, 0] [%n, %m] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
  %3 = tensor.insert_slice %2 into %t[%i, %j] [%n, %m] [1, 1] : tensor<?x?xf32> into tensor<30x20xf32>
  return %3 : tensor<30x20xf32>
}

// -----

// A slice of a slice written in a loop and inserted back into the outer
// slice: the inner extraction stays a view.
// CHECK-LABEL: func.func @slice_of_slice_in_loop(
// CHECK: scf.for
// CHECK: tensor.extract_slice {{.*}} {__inplace_operands_attr__ = ["true", "none", "none"]}
// CHECK: tensor.extract_slice {{.*}} {__inplace_operands_attr__ = ["true", "none"]}
// CHECK: vector.transfer_write {{.*}} {__inplace_operands_attr__ = ["none", "true", "none", "none"]}
// CHECK: tensor.insert_slice {{.*}} {__inplace_operands_attr__ = ["true", "true", "none", "none"]}
func.func @slice_of_slice_in_loop(%t: tensor<10x20xf32> {bufferization.writable = true},
    %x: index, %y: index, %v: vector<5x6xf32>) -> tensor<10x20xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %k = %c0 to %c4 step %c1 iter_args(%a = %t) -> (tensor<10x20xf32>) {
    %s = tensor.extract_slice %a[%x, 0] [5, %y] [1, 1] : tensor<10x20xf32> to tensor<5x?xf32>
    %ss = tensor.extract_slice %s[0, 0] [5, %y] [1, 1] : tensor<5x?xf32> to tensor<5x?xf32>
    %w = vector.transfer_write %v, %ss[%c0, %c0] : vector<5x6xf32>, tensor<5x?xf32>
    %u = tensor.insert_slice %w into %a[%x, 0] [5, %y] [1, 1] : tensor<5x?xf32> into tensor<10x20xf32>
    scf.yield %u : tensor<10x20xf32>
  }
  return %r : tensor<10x20xf32>
}

// -----

// Three levels of matching slices: each extraction is a view of the one
// around it, and each insertion writes back in place.
// CHECK-LABEL: func.func @three_levels(
// CHECK: tensor.extract_slice {{.*}} {__inplace_operands_attr__ = ["true", "none", "none"]}
// CHECK: tensor.extract_slice {{.*}} {__inplace_operands_attr__ = ["true", "none"]}
// CHECK: tensor.extract_slice {{.*}} {__inplace_operands_attr__ = ["true"]}
// CHECK: linalg.fill {__inplace_operands_attr__ = ["none", "true"]}
// CHECK: tensor.insert_slice {{.*}} {__inplace_operands_attr__ = ["true", "true"]}
// CHECK: tensor.insert_slice {{.*}} {__inplace_operands_attr__ = ["true", "true", "none"]}
// CHECK: tensor.insert_slice {{.*}} {__inplace_operands_attr__ = ["true", "true", "none", "none"]}
func.func @three_levels(%b: tensor<?x?xf32> {bufferization.writable = true}, %n: index, %f: f32) -> tensor<?x?xf32> {
  %s = tensor.extract_slice %b[0, 0] [%n, %n] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
  %ss = tensor.extract_slice %s[0, 0] [4, %n] [1, 1] : tensor<?x?xf32> to tensor<4x?xf32>
  %sss = tensor.extract_slice %ss[0, 0] [4, 4] [1, 1] : tensor<4x?xf32> to tensor<4x4xf32>
  %fill = linalg.fill ins(%f : f32) outs(%sss : tensor<4x4xf32>) -> tensor<4x4xf32>
  %rss = tensor.insert_slice %fill into %ss[0, 0] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<4x?xf32>
  %rs = tensor.insert_slice %rss into %s[0, 0] [4, %n] [1, 1] : tensor<4x?xf32> into tensor<?x?xf32>
  %r = tensor.insert_slice %rs into %b[0, 0] [%n, %n] [1, 1] : tensor<?x?xf32> into tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// What is inserted comes from a slice at another place: the insertion's
// read of its destination conflicts with the write into that slice,
// which is copied.
// CHECK-LABEL: func.func @other_place(
// CHECK: tensor.extract_slice {{.*}} {__inplace_operands_attr__ = ["false", "none"]}
// CHECK: linalg.fill {__inplace_operands_attr__ = ["none", "true"]}
// CHECK: tensor.extract_slice {{.*}} {__inplace_operands_attr__ = ["true", "none"]}
// CHECK: tensor.insert_slice {{.*}} {__inplace_operands_attr__ = ["true", "true", "none"]}
func.func @other_place(%t: tensor<?xf32> {bufferization.writable = true}, %i: index, %f: f32) -> tensor<?xf32> {
  %0 = tensor.extract_slice %t[%i] [8] [1] : tensor<?xf32> to tensor<8xf32>
  %1 = linalg.fill ins(%f : f32) outs(%0 : tensor<8xf32>) -> tensor<8xf32>
  %2 = tensor.extract_slice %1[0] [%i] [1] : tensor<8xf32> to tensor<?xf32>
  %3 = tensor.insert_slice %2 into %t[0] [%i] [1] : tensor<?xf32> into tensor<?xf32>
  return %3 : tensor<?xf32>
}
