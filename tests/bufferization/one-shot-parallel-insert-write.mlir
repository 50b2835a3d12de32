// RUN: strata-opt --one-shot-bufferize="bufferize-function-boundaries test-analysis-only" --split-input-file %s | FileCheck %s
// RUN: strata-opt --one-shot-bufferize="bufferize-function-boundaries" --split-input-file %s | FileCheck %s --check-prefix=BUF

// The write of a tensor.parallel_insert_slice into the shared output of its
// scf.forall conflicts with no read of that buffer: a body that fills the
// shared output and inserts it back, whole or in part, writes in place.

// CHECK-LABEL: func.func @full_slice_in_place
// CHECK: linalg.fill {__inplace_operands_attr__ = ["none", "true"]}
// BUF-LABEL: func.func @full_slice_in_place
// BUF-NOT: memref.alloc
// BUF: linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : memref<2xf32, strided<[?], offset: ?>>)
func.func @full_slice_in_place(%t: tensor<2xf32>) -> tensor<2xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %r = scf.forall (%i) in (1) shared_outs(%o = %t) -> (tensor<2xf32>) {
    %fill = linalg.fill ins(%cst : f32) outs(%o : tensor<2xf32>) -> tensor<2xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %fill into %o[0] [2] [1] : tensor<2xf32> into tensor<2xf32>
    }
  }
  return %r : tensor<2xf32>
}

// -----

// CHECK-LABEL: func.func @dynamic_offset_in_place
// CHECK: linalg.fill {__inplace_operands_attr__ = ["none", "true"]}
func.func @dynamic_offset_in_place(%t: tensor<2xf32>) -> tensor<2xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %r = scf.forall (%i) in (1) shared_outs(%o = %t) -> (tensor<2xf32>) {
    %fill = linalg.fill ins(%cst : f32) outs(%o : tensor<2xf32>) -> tensor<2xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %fill into %o[%i] [2] [1] : tensor<2xf32> into tensor<2xf32>
    }
  }
  return %r : tensor<2xf32>
}

// -----

// CHECK-LABEL: func.func @part_of_filled
// CHECK: linalg.fill {__inplace_operands_attr__ = ["none", "true"]}
// CHECK: tensor.extract_slice %{{.*}}[1] [2] [1] {__inplace_operands_attr__ = ["true"]}
func.func @part_of_filled(%t: tensor<4xf32>) -> tensor<4xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %r = scf.forall (%i) in (1) shared_outs(%o = %t) -> (tensor<4xf32>) {
    %fill = linalg.fill ins(%cst : f32) outs(%o : tensor<4xf32>) -> tensor<4xf32>
    %e = tensor.extract_slice %fill[1] [2] [1] : tensor<4xf32> to tensor<2xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %e into %o[1] [2] [1] : tensor<2xf32> into tensor<4xf32>
    }
  }
  return %r : tensor<4xf32>
}

// -----

// A slice of one shared output read by the insertion into another, while
// the first is inserted into: neither write is weighed against the read.
// CHECK-LABEL: func.func @two_shared_outputs
// CHECK: tensor.extract_slice %{{.*}}[0] [1] [1] {__inplace_operands_attr__ = ["true"]}
func.func @two_shared_outputs(%t: tensor<4xf32>, %u: tensor<4xf32>, %x: tensor<1xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %r:2 = scf.forall (%i) in (1) shared_outs(%o = %t, %o2 = %u) -> (tensor<4xf32>, tensor<4xf32>) {
    %e = tensor.extract_slice %o[0] [1] [1] : tensor<4xf32> to tensor<1xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %x into %o[0] [1] [1] : tensor<1xf32> into tensor<4xf32>
      tensor.parallel_insert_slice %e into %o2[1] [1] [1] : tensor<1xf32> into tensor<4xf32>
    }
  }
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}
