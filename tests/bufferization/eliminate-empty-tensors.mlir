// RUN: strata-opt --allow-unregistered-dialect --eliminate-empty-tensors --split-input-file %s | FileCheck %s
// RUN: strata-opt --allow-unregistered-dialect --pass-pipeline="builtin.module(func.func(eliminate-empty-tensors))" --split-input-file %s | FileCheck %s --check-prefix=FUNC

// The fill writes the part of %t it is inserted into: the tensor.empty
// is replaced in the fill's use by the extraction of that part, built
// after the last value it needs (%off), and stays for its other use.
// CHECK-LABEL: func.func @after_needed_value
// CHECK: %[[E:.*]] = tensor.empty() : tensor<4xf32>
// CHECK: %[[OFF:.*]] = "test.offset"()
// CHECK: %[[X:.*]] = tensor.extract_slice %arg0[%[[OFF]]] [4] [1]
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[X]] : tensor<4xf32>)
// CHECK: "test.use"(%[[E]])
// FUNC-LABEL: func.func @after_needed_value
// FUNC: tensor.extract_slice
func.func @after_needed_value(%t: tensor<16xf32>, %f: f32) -> tensor<16xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %off = "test.offset"() : () -> index
  %0 = linalg.fill ins(%f : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  "test.use"(%e) : (tensor<4xf32>) -> ()
  %1 = tensor.insert_slice %0 into %t[%off] [4] [1] : tensor<4xf32> into tensor<16xf32>
  return %1 : tensor<16xf32>
}

// -----

// Through a cast the extraction takes the inserted type and is cast back
// to the tensor.empty's; a reshape on the way stops the walk.
// CHECK-LABEL: func.func @cast_and_reshape
// CHECK: %[[X:.*]] = tensor.extract_slice %arg0[2] [8] [1] : tensor<32xf32> to tensor<8xf32>
// CHECK: %[[C:.*]] = tensor.cast %[[X]] : tensor<8xf32> to tensor<?xf32>
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[C]] : tensor<?xf32>)
// CHECK: %[[E:.*]] = tensor.empty() : tensor<8xf32>
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[E]] : tensor<8xf32>)
// CHECK: tensor.expand_shape
func.func @cast_and_reshape(%t: tensor<32xf32>, %u: tensor<4x8xf32>, %f: f32) -> (tensor<32xf32>, tensor<4x8xf32>) {
  %c8 = arith.constant 8 : index
  %e = tensor.empty(%c8) : tensor<?xf32>
  %0 = linalg.fill ins(%f : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %1 = tensor.cast %0 : tensor<?xf32> to tensor<8xf32>
  %2 = tensor.insert_slice %1 into %t[2] [8] [1] : tensor<8xf32> into tensor<32xf32>
  %e2 = tensor.empty() : tensor<8xf32>
  %3 = linalg.fill ins(%f : f32) outs(%e2 : tensor<8xf32>) -> tensor<8xf32>
  %4 = tensor.expand_shape %3 [[0, 1]] output_shape [1, 8] : tensor<8xf32> into tensor<1x8xf32>
  %5 = tensor.insert_slice %4 into %u[1, 0] [1, 8] [1, 1] : tensor<1x8xf32> into tensor<4x8xf32>
  return %2, %5 : tensor<32xf32>, tensor<4x8xf32>
}

// -----

// %t is read after the insertion, which therefore cannot write it in
// place; its source still can be, which is what decides: the fill writes
// the extracted part.
// CHECK-LABEL: func.func @source_reread
// CHECK: %[[X:.*]] = tensor.extract_slice %arg0[0] [4] [1]
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[X]] : tensor<4xf32>)
func.func @source_reread(%t: tensor<16xf32>, %f: f32, %i: index) -> (tensor<16xf32>, f32) {
  %e = tensor.empty() : tensor<4xf32>
  %0 = linalg.fill ins(%f : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %1 = tensor.insert_slice %0 into %t[0] [4] [1] : tensor<4xf32> into tensor<16xf32>
  %2 = tensor.extract %t[%i] : tensor<16xf32>
  return %1, %2 : tensor<16xf32>, f32
}

// -----

// Into the shared output of an scf.forall, at the place of the
// parallel_insert_slice; the tensor.empty is outside the loop, where
// the thread index is not defined: its use in the loop is replaced by an
// extraction at the start of the loop's body.
// CHECK-LABEL: func.func @forall
// CHECK: scf.forall (%[[I:.*]]) in (4) shared_outs(%[[O:.*]] = %arg0)
// CHECK-NEXT: %[[X:.*]] = tensor.extract_slice %[[O]][%[[I]]] [1] [1]
// CHECK-NEXT: linalg.fill ins(%{{.*}} : f32) outs(%[[X]] : tensor<1xf32>)
func.func @forall(%t: tensor<4xf32> {bufferization.writable = true}, %f: f32) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<1xf32>
  %r = scf.forall (%i) in (4) shared_outs(%o = %t) -> (tensor<4xf32>) {
    %0 = linalg.fill ins(%f : f32) outs(%e : tensor<1xf32>) -> tensor<1xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %0 into %o[%i] [1] [1] : tensor<1xf32> into tensor<4xf32>
    }
  }
  return %r : tensor<4xf32>
}

// -----

// Operations the analysis does not know stop the walk.
// CHECK-LABEL: func.func @unknown
// CHECK: %[[E:.*]] = tensor.empty() : tensor<4xf32>
// CHECK: "test.op"(%[[E]])
func.func @unknown(%t: tensor<16xf32>) -> tensor<16xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %0 = "test.op"(%e) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = tensor.insert_slice %0 into %t[0] [4] [1] : tensor<4xf32> into tensor<16xf32>
  return %1 : tensor<16xf32>
}

// -----

// A call to a function without a body may return anything: its result
// is not its operand's buffer, and the walk stops there. With a body
// that returns its argument, the module's analysis knows better.
// CHECK-LABEL: func.func @calls
// CHECK: %[[E:.*]] = tensor.empty() : tensor<4xf32>
// CHECK: call @decl(%[[E]])
// CHECK: %[[X:.*]] = tensor.extract_slice %inserted_slice[4] [4] [1]
// CHECK: call @ident(%[[X]])
func.func private @decl(tensor<4xf32>) -> tensor<4xf32>
func.func private @ident(%t: tensor<4xf32>) -> tensor<4xf32> {
  return %t : tensor<4xf32>
}
func.func @calls(%t: tensor<16xf32>) -> tensor<16xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %0 = func.call @decl(%e) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = tensor.insert_slice %0 into %t[0] [4] [1] : tensor<4xf32> into tensor<16xf32>
  %e2 = tensor.empty() : tensor<4xf32>
  %2 = func.call @ident(%e2) : (tensor<4xf32>) -> tensor<4xf32>
  %3 = tensor.insert_slice %2 into %1[4] [4] [1] : tensor<4xf32> into tensor<16xf32>
  return %3 : tensor<16xf32>
}

// -----

// materialize_in_destination inserts into its whole destination: a
// tensor destination replaces the tensor.empty's use; a memref marked
// `restrict` is read through a `to_tensor restrict`, which takes the mark
// over.
// CHECK-LABEL: func.func @materialize
// CHECK: %[[D:.*]] = bufferization.alloc_tensor() : tensor<4xf32>
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[D]] : tensor<4xf32>)
// CHECK: %[[T:.*]] = bufferization.to_tensor %arg0 restrict writable
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[T]] : tensor<4xf32>)
// CHECK: bufferization.materialize_in_destination %{{.*}} in writable %arg0
func.func @materialize(%m: memref<4xf32>, %f: f32) -> tensor<4xf32> {
  %t = bufferization.alloc_tensor() : tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %0 = linalg.fill ins(%f : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %1 = bufferization.materialize_in_destination %0 in %t : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %e2 = tensor.empty() : tensor<4xf32>
  %2 = linalg.fill ins(%f : f32) outs(%e2 : tensor<4xf32>) -> tensor<4xf32>
  bufferization.materialize_in_destination %2 in restrict writable %m : (tensor<4xf32>, memref<4xf32>) -> ()
  return %1 : tensor<4xf32>
}

// -----

// A block no path from the entry reaches is dominated by every block of
// its region: the extraction goes where the tensor.empty is, in the entry
// block, although its user sits in an unreachable block.
// CHECK-LABEL: func.func @unreachable_user
// CHECK: %[[X:.*]] = tensor.extract_slice %arg0[0] [4] [1]
// CHECK-NEXT: tensor.empty() : tensor<4xf32>
// CHECK: ^bb1:
// CHECK-NEXT: linalg.fill ins(%{{.*}} : f32) outs(%[[X]] : tensor<4xf32>)
// FUNC-LABEL: func.func @unreachable_user
// FUNC: tensor.extract_slice
func.func @unreachable_user(%t: tensor<16xf32>, %f: f32) -> tensor<16xf32> {
  %e = tensor.empty() : tensor<4xf32>
  return %t : tensor<16xf32>
^bb1:
  %0 = linalg.fill ins(%f : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %1 = tensor.insert_slice %0 into %t[0] [4] [1] : tensor<4xf32> into tensor<16xf32>
  return %1 : tensor<16xf32>
}

// -----

// The tensor.empty and its user both sit in unreachable blocks: the first
// place where %arg0 is defined, the entry block's first operation, is one
// the user's block is dominated by.
// CHECK-LABEL: func.func @unreachable_both
// CHECK-NEXT: %[[X:.*]] = tensor.extract_slice %arg0[0] [4] [1]
// CHECK-NEXT: return %arg0
// CHECK: ^bb2:
// CHECK-NEXT: linalg.fill ins(%{{.*}} : f32) outs(%[[X]] : tensor<4xf32>)
// FUNC-LABEL: func.func @unreachable_both
// FUNC: tensor.extract_slice
func.func @unreachable_both(%t: tensor<16xf32>, %f: f32) -> tensor<16xf32> {
  return %t : tensor<16xf32>
^bb1:
  %e = tensor.empty() : tensor<4xf32>
  cf.br ^bb2
^bb2:
  %0 = linalg.fill ins(%f : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %1 = tensor.insert_slice %0 into %t[0] [4] [1] : tensor<4xf32> into tensor<16xf32>
  return %1 : tensor<16xf32>
}
