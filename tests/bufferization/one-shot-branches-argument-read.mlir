// RUN: strata-opt --split-input-file --one-shot-bufferize="test-analysis-only bufferize-function-boundaries" %s | FileCheck %s --check-prefix=ANALYSIS
// RUN: strata-opt --split-input-file --one-shot-bufferize=bufferize-function-boundaries %s | FileCheck %s
// NO-DIFF: a function argument written in a block after the entry block
// (directly, or through a block argument it was passed to) and read after
// the write. mlir-opt-22 takes every write outside the block of the read
// value's definition (the entry block, which defines the function's
// arguments) to happen before that definition, so it writes the argument's
// buffer in place and the read returns the written element: the function's
// result changes. Strata counts the write as a read-after-write conflict:
// the branch passes a copy, or the write goes to a copy
// (one-shot-branches-semantics.mlir interprets these functions before and
// after the pass).

// The function argument is read after the write, in the same block.
// ANALYSIS-LABEL: func.func @argument_read_after
// ANALYSIS-SAME: (%arg0: tensor<5xf32> {bufferization.access = "read"}
// ANALYSIS: cf.br ^bb1(%arg0 : tensor<5xf32>) {__inplace_operands_attr__ = ["false"]}
// ANALYSIS: tensor.insert {{.*}} {__inplace_operands_attr__ = ["none", "true", "none"]}
// ANALYSIS: tensor.extract %arg0{{.*}}
// CHECK-LABEL: func.func @argument_read_after
// CHECK: %[[C:.*]] = memref.alloc() {alignment = 64 : i64} : memref<5xf32>
// CHECK-NEXT: memref.copy %arg0, %[[C]]
// CHECK-NEXT: cf.br ^bb1(%[[C]] : memref<5xf32>)
// CHECK: ^bb1(%[[A:.*]]: memref<5xf32>):
// CHECK-NEXT: memref.store %arg1, %[[A]][%arg2]
// CHECK-NEXT: memref.load %arg0[%arg2]
func.func @argument_read_after(%t: tensor<5xf32>, %v: f32, %i: index) -> (tensor<5xf32>, f32) {
  cf.br ^bb1(%t : tensor<5xf32>)
^bb1(%a: tensor<5xf32>):
  %r = tensor.insert %v into %a[%i] : tensor<5xf32>
  %e = tensor.extract %t[%i] : tensor<5xf32>
  return %r, %e : tensor<5xf32>, f32
}

// -----

// The read is in a successor of the block of the write.
// ANALYSIS-LABEL: func.func @argument_read_in_successor
// ANALYSIS-SAME: (%arg0: tensor<5xf32> {bufferization.access = "read"}
// ANALYSIS: cf.br ^bb1(%arg0 : tensor<5xf32>) {__inplace_operands_attr__ = ["false"]}
// ANALYSIS: tensor.insert {{.*}} {__inplace_operands_attr__ = ["none", "true", "none"]}
// ANALYSIS: ^bb2:
// ANALYSIS-NEXT: tensor.extract %arg0{{.*}}
// CHECK-LABEL: func.func @argument_read_in_successor
// CHECK: %[[C:.*]] = memref.alloc() {alignment = 64 : i64} : memref<5xf32>
// CHECK-NEXT: memref.copy %arg0, %[[C]]
// CHECK-NEXT: cf.br ^bb1(%[[C]] : memref<5xf32>)
// CHECK: memref.store %arg1, %{{.*}}[%arg2] : memref<5xf32>
// CHECK: ^bb2:
// CHECK-NEXT: memref.load %arg0[%arg2]
func.func @argument_read_in_successor(%t: tensor<5xf32>, %v: f32, %i: index) -> (tensor<5xf32>, f32) {
  cf.br ^bb1(%t : tensor<5xf32>)
^bb1(%a: tensor<5xf32>):
  %r = tensor.insert %v into %a[%i] : tensor<5xf32>
  cf.br ^bb2
^bb2:
  %e = tensor.extract %t[%i] : tensor<5xf32>
  return %r, %e : tensor<5xf32>, f32
}

// -----

// The function argument enters a loop of blocks that writes it, and is
// read after the loop.
// ANALYSIS-LABEL: func.func @argument_read_after_loop
// ANALYSIS-SAME: (%arg0: tensor<8xf32> {bufferization.access = "read"}
// ANALYSIS: cf.br ^bb1(%c0, %arg0 : index, tensor<8xf32>) {__inplace_operands_attr__ = ["none", "false"]}
// ANALYSIS: tensor.insert {{.*}} {__inplace_operands_attr__ = ["none", "true", "none"]}
// ANALYSIS: cf.br ^bb1({{.*}}) {__inplace_operands_attr__ = ["none", "true"]}
// ANALYSIS: tensor.extract %arg0{{.*}}
// CHECK-LABEL: func.func @argument_read_after_loop
// CHECK: %[[C:.*]] = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
// CHECK-NEXT: memref.copy %arg0, %[[C]]
// CHECK-NEXT: cf.br ^bb1(%c0, %[[C]] : index, memref<8xf32>)
// CHECK: ^bb1(%{{.*}}: index, %[[A:.*]]: memref<8xf32>):
// CHECK: memref.store %{{.*}}, %[[A]][
// CHECK: ^bb3:
// CHECK-NEXT: memref.load %arg0[%c0]
func.func @argument_read_after_loop(%t: tensor<8xf32>) -> (tensor<8xf32>, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  cf.br ^head(%c0, %t : index, tensor<8xf32>)
^head(%i: index, %a: tensor<8xf32>):
  %cond = arith.cmpi slt, %i, %c8 : index
  cf.cond_br %cond, ^body, ^exit
^body:
  %n = arith.index_cast %i : index to i32
  %f = arith.sitofp %n : i32 to f32
  %a2 = tensor.insert %f into %a[%i] : tensor<8xf32>
  %i2 = arith.addi %i, %c1 : index
  cf.br ^head(%i2, %a2 : index, tensor<8xf32>)
^exit:
  %e = tensor.extract %t[%c0] : tensor<8xf32>
  return %a, %e : tensor<8xf32>, f32
}

// -----

// No block argument: the function argument is written in place of the
// entry block's successor and read afterwards.
// ANALYSIS-LABEL: func.func @argument_written_in_later_block
// ANALYSIS-SAME: (%arg0: tensor<5xf32> {bufferization.access = "read"}
// ANALYSIS: tensor.insert {{.*}} {__inplace_operands_attr__ = ["none", "false", "none"]}
// CHECK-LABEL: func.func @argument_written_in_later_block
// CHECK: ^bb1:
// CHECK-NEXT: %[[C:.*]] = memref.alloc() {alignment = 64 : i64} : memref<5xf32>
// CHECK-NEXT: memref.copy %arg0, %[[C]]
// CHECK-NEXT: memref.store %arg1, %[[C]][%arg2]
// CHECK-NEXT: memref.load %arg0[%arg2]
func.func @argument_written_in_later_block(%t: tensor<5xf32>, %v: f32, %i: index) -> (tensor<5xf32>, f32) {
  cf.br ^bb1
^bb1:
  %r = tensor.insert %v into %t[%i] : tensor<5xf32>
  %e = tensor.extract %t[%i] : tensor<5xf32>
  return %r, %e : tensor<5xf32>, f32
}

// -----

// A loop of blocks writes element i of the function argument and reads
// element i-1, which in place is the previous iteration's write.
// ANALYSIS-LABEL: func.func @argument_read_next_iteration
// ANALYSIS-SAME: (%arg0: tensor<4xf32> {bufferization.access = "read", bufferization.writable = true}
// ANALYSIS: tensor.insert {{.*}} {__inplace_operands_attr__ = ["none", "false", "none"]}
// CHECK-LABEL: func.func @argument_read_next_iteration
// CHECK: %[[C:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT: memref.copy %arg0, %[[C]]
// CHECK-NEXT: memref.store %arg1, %[[C]][
// CHECK-NEXT: memref.load %arg0[
func.func @argument_read_next_iteration(%t: tensor<4xf32> {bufferization.writable = true}, %v: f32) -> f32 {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f32
  cf.br ^loop(%c1, %zero : index, f32)
^loop(%i: index, %sum: f32):
  %prev = arith.subi %i, %c1 : index
  %w = tensor.insert %v into %t[%i] : tensor<4xf32>
  %old = tensor.extract %t[%prev] : tensor<4xf32>
  %next = arith.addf %sum, %old : f32
  %next_i = arith.addi %i, %c1 : index
  %continue = arith.cmpi ult, %next_i, %c4 : index
  cf.cond_br %continue, ^loop(%next_i, %next : index, f32), ^exit
^exit:
  return %next : f32
}
