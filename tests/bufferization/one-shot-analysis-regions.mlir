// RUN: strata-opt --split-input-file --allow-unregistered-dialect --one-shot-bufferize="test-analysis-only bufferize-function-boundaries allow-return-allocs-from-loops" %s | FileCheck %s
// RUN: strata-opt --split-input-file --allow-unregistered-dialect --one-shot-bufferize="test-analysis-only bufferize-function-boundaries allow-return-allocs-from-loops dump-alias-sets" %s | FileCheck %s --check-prefix=ALIAS
// RUN: strata-opt --split-input-file --allow-unregistered-dialect --one-shot-bufferize="test-analysis-only bufferize-function-boundaries allow-return-allocs-from-loops analysis-heuristic=bottom-up-from-terminators" %s | FileCheck %s --check-prefix=TERM
// RUN: strata-opt --split-input-file --allow-unregistered-dialect --one-shot-bufferize="test-analysis-only bufferize-function-boundaries allow-return-allocs-from-loops analysis-heuristic=top-down" %s | FileCheck %s --check-prefix=TOPDOWN
// RUN: strata-opt --split-input-file --allow-unregistered-dialect --one-shot-bufferize="test-analysis-only allow-return-allocs-from-loops" %s | FileCheck %s --check-prefix=NOBOUNDARY

// The in-place analysis decides the operations in the regions of scf
// loops and branches as upstream's: a loop's init is the buffer of its
// iteration argument and its result (equivalent when every iteration
// yields that argument's buffer), what a terminator passes on is always
// in place, and inside a region that runs repeatedly the order of the
// operations does not rule out a conflict with a value defined outside.

// A tile of the loop's tensor is extracted, filled and inserted back: all
// in place, and the result is the argument's buffer.
// CHECK-LABEL: func.func @tiles
// CHECK: tensor.extract_slice {{.*}} {__inplace_operands_attr__ = ["true", "none"]}
// CHECK: linalg.fill {__inplace_operands_attr__ = ["none", "true"]}
// CHECK: tensor.insert_slice {{.*}} {__inplace_operands_attr__ = ["true", "true", "none"]}
// CHECK: scf.yield {__inplace_operands_attr__ = ["true"]}
// CHECK: } {__inplace_operands_attr__ = ["none", "none", "none", "true"]}
// CHECK: return {__equivalent_func_args__ = [0], __inplace_operands_attr__ = ["true"]}
func.func @tiles(%t: tensor<16x8xf32>, %f: f32) -> tensor<16x8xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %r = scf.for %i = %c0 to %c16 step %c4 iter_args(%acc = %t) -> (tensor<16x8xf32>) {
    %s = tensor.extract_slice %acc[%i, 0] [4, 8] [1, 1] : tensor<16x8xf32> to tensor<4x8xf32>
    %w = linalg.fill ins(%f : f32) outs(%s : tensor<4x8xf32>) -> tensor<4x8xf32>
    %u = tensor.insert_slice %w into %acc[%i, 0] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<16x8xf32>
    scf.yield %u : tensor<16x8xf32>
  }
  return %r : tensor<16x8xf32>
}

// -----

// The init is read after the loop: the loop gets a copy of it.
// CHECK-LABEL: func.func @init_read_after
// CHECK: } {__inplace_operands_attr__ = ["none", "none", "none", "false"]}
func.func @init_read_after(%t: tensor<8xf32>, %n: index, %f: f32) -> (tensor<8xf32>, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %t) -> (tensor<8xf32>) {
    %w = tensor.insert %f into %a[%i] : tensor<8xf32>
    scf.yield %w : tensor<8xf32>
  }
  %x = tensor.extract %t[%c0] : tensor<8xf32>
  return %r, %x : tensor<8xf32>, f32
}

// -----

// A value defined before the loop is read and then written in every
// iteration: the second iteration would read the first one's write, so
// the write gets a copy, although the read comes first in the body.
// CHECK-LABEL: func.func @repeated_write
// CHECK: tensor.extract {{.*}} {__inplace_operands_attr__ = ["true", "none"]}
// CHECK: tensor.insert {{.*}} {__inplace_operands_attr__ = ["none", "false", "none"]}
func.func @repeated_write(%n: index, %f: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e = tensor.empty() : tensor<4xf32>
  %v = linalg.fill ins(%f : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %f) -> (f32) {
    %x = tensor.extract %v[%c0] : tensor<4xf32>
    %w = tensor.insert %x into %v[%i] : tensor<4xf32>
    %y = tensor.extract %w[%i] : tensor<4xf32>
    %z = arith.addf %acc, %y : f32
    scf.yield %z : f32
  }
  return %s : f32
}

// -----

// Writes in the two branches of an scf.if never see each other; a read of
// the original in one branch makes that branch's write a copy only, and
// the result is then not the argument's buffer.
// CHECK-LABEL: func.func @branches
// CHECK: tensor.insert {{.*}} {__inplace_operands_attr__ = ["none", "true", "none"]}
// CHECK: } else {
// CHECK: tensor.insert {{.*}} {__inplace_operands_attr__ = ["none", "false", "none"]}
// CHECK: return {__inplace_operands_attr__ = ["true", "none"]}
// ALIAS-LABEL: func.func @branches
// ALIAS: } {__opresult_alias_set_attr__ = [{{\[}}"%0#0", "%inserted", "%inserted", "%arg0"{{\]}}]}
func.func @branches(%t: tensor<8xf32>, %c: i1, %f: f32, %i: index) -> (tensor<8xf32>, f32) {
  %r, %x = scf.if %c -> (tensor<8xf32>, f32) {
    %a = tensor.insert %f into %t[%i] : tensor<8xf32>
    scf.yield %a, %f : tensor<8xf32>, f32
  } else {
    %b = tensor.insert %f into %t[%i] : tensor<8xf32>
    %old = tensor.extract %t[%i] : tensor<8xf32>
    scf.yield %b, %old : tensor<8xf32>, f32
  }
  return %r, %x : tensor<8xf32>, f32
}

// -----

// Each thread of an scf.forall writes its own copy of a tensor defined
// outside it; the shared output is written in place.
// CHECK-LABEL: func.func @private_copy
// CHECK: linalg.fill {__inplace_operands_attr__ = ["none", "false"]}
// CHECK: tensor.parallel_insert_slice {{.*}} {__inplace_operands_attr__ = ["true", "true", "none"]}
// CHECK: } {__inplace_operands_attr__ = ["true"]}
func.func @private_copy(%t: tensor<64xf32>, %f: f32) -> tensor<64xf32> {
  %tmp = tensor.empty() : tensor<1xf32>
  %r = scf.forall (%i) in (64) shared_outs(%o = %t) -> (tensor<64xf32>) {
    %w = linalg.fill ins(%f : f32) outs(%tmp : tensor<1xf32>) -> tensor<1xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %w into %o[%i] [1] [1] : tensor<1xf32> into tensor<64xf32>
    }
  }
  return %r : tensor<64xf32>
}

// -----

// scf.while passes its tensor through both regions unchanged in position:
// its result is the init's buffer.
// CHECK-LABEL: func.func @while_in_place
// CHECK: scf.condition(%{{.*}}) {__inplace_operands_attr__ = ["none", "true", "none"]}
// CHECK: tensor.insert {{.*}} {__inplace_operands_attr__ = ["none", "true", "none"]}
// CHECK: } attributes {__inplace_operands_attr__ = ["true", "none"]}
// CHECK: return {__equivalent_func_args__ = [0], __inplace_operands_attr__ = ["true"]}
func.func @while_in_place(%t: tensor<8xi32>, %n: i32) -> tensor<8xi32> {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %zero = arith.constant 0 : i32
  %r:2 = scf.while (%a = %t, %k = %n) : (tensor<8xi32>, i32) -> (tensor<8xi32>, i32) {
    %go = arith.cmpi sgt, %k, %zero : i32
    scf.condition(%go) %a, %k : tensor<8xi32>, i32
  } do {
  ^bb0(%b: tensor<8xi32>, %j: i32):
    %w = tensor.insert %j into %b[%c0] : tensor<8xi32>
    %j2 = arith.subi %j, %one : i32
    scf.yield %w, %j2 : tensor<8xi32>, i32
  }
  return %r#0 : tensor<8xi32>
}

// -----

// bottom-up-from-terminators decides first what the yield yields, as
// bottom-up decides the later fill first: that fill writes the loop's
// tensor in place, and the first (read later through a transfer) gets a
// copy. top-down decides the first fill first, in place.
// TERM-LABEL: func.func @from_terminators
// TERM: linalg.fill {__inplace_operands_attr__ = ["none", "false"]}
// TERM: linalg.fill {__inplace_operands_attr__ = ["none", "true"]}
// CHECK-LABEL: func.func @from_terminators
// CHECK: linalg.fill {__inplace_operands_attr__ = ["none", "false"]}
// CHECK: linalg.fill {__inplace_operands_attr__ = ["none", "true"]}
// TOPDOWN-LABEL: func.func @from_terminators
// TOPDOWN: linalg.fill {__inplace_operands_attr__ = ["none", "true"]}
// TOPDOWN: linalg.fill {__inplace_operands_attr__ = ["none", "false"]}
func.func @from_terminators(%n: index, %f: f32, %g: f32) -> tensor<5xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e = tensor.empty() : tensor<5xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %e) -> (tensor<5xf32>) {
    %a = linalg.fill ins(%f : f32) outs(%t : tensor<5xf32>) -> tensor<5xf32>
    %b = linalg.fill ins(%g : f32) outs(%t : tensor<5xf32>) -> tensor<5xf32>
    %x = vector.transfer_read %a[%c0], %f : tensor<5xf32>, vector<5xf32>
    vector.print %x : vector<5xf32>
    scf.yield %b : tensor<5xf32>
  }
  return %r : tensor<5xf32>
}

// -----

// Without function boundaries the argument may not be written: the loop
// copies it, and the loop's own tensor is written in place.
// NOBOUNDARY-LABEL: func.func @no_boundaries
// NOBOUNDARY: tensor.insert {{.*}} {__inplace_operands_attr__ = ["none", "true", "none"]}
// NOBOUNDARY: } {__inplace_operands_attr__ = ["none", "none", "none", "false"]}
func.func @no_boundaries(%t: tensor<8xf32>, %n: index, %f: f32) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %t) -> (tensor<8xf32>) {
    %w = tensor.insert %f into %a[%i] : tensor<8xf32>
    scf.yield %w : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}
