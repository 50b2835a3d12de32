// RUN: strata-opt --check-semantics --check-semantics-entry=inplace_arg --one-shot-bufferize=bufferize-function-boundaries %s | FileCheck %s
// RUN: strata-opt --check-semantics --check-semantics-entry=inplace_arg --one-shot-bufferize %s | FileCheck %s --check-prefix=NOBOUNDARY
// RUN: strata-opt --check-semantics --check-semantics-entry=conflict --one-shot-bufferize=bufferize-function-boundaries %s | FileCheck %s
// RUN: strata-opt --check-semantics --check-semantics-entry=conflict --one-shot-bufferize %s | FileCheck %s --check-prefix=NOBOUNDARY
// RUN: strata-opt --check-semantics --check-semantics-entry=two_tensors --one-shot-bufferize=bufferize-function-boundaries %s | FileCheck %s
// RUN: strata-opt --check-semantics --check-semantics-entry=two_tensors --one-shot-bufferize %s | FileCheck %s --check-prefix=NOBOUNDARY
// RUN: strata-opt --check-semantics --check-semantics-entry=loop --one-shot-bufferize=bufferize-function-boundaries %s | FileCheck %s
// RUN: strata-opt --check-semantics --check-semantics-entry=loop --one-shot-bufferize %s | FileCheck %s --check-prefix=NOBOUNDARY
// RUN: strata-opt --check-semantics --check-semantics-entry=loop_copy --one-shot-bufferize=bufferize-function-boundaries %s | FileCheck %s
// RUN: strata-opt --check-semantics --check-semantics-entry=loop_copy --one-shot-bufferize %s | FileCheck %s --check-prefix=NOBOUNDARY
// RUN: strata-opt --check-semantics --check-semantics-entry=loop_outside_def --one-shot-bufferize=bufferize-function-boundaries %s | FileCheck %s
// RUN: strata-opt --check-semantics --check-semantics-entry=loop_outside_def --one-shot-bufferize %s | FileCheck %s --check-prefix=NOBOUNDARY
// RUN: strata-opt --check-semantics --check-semantics-entry=execute_region --one-shot-bufferize=bufferize-function-boundaries %s | FileCheck %s
// RUN: strata-opt --check-semantics --check-semantics-entry=execute_region --one-shot-bufferize %s | FileCheck %s --check-prefix=NOBOUNDARY
// RUN: strata-opt --check-semantics --check-semantics-entry=execute_region_conflict --one-shot-bufferize=bufferize-function-boundaries %s | FileCheck %s
// RUN: strata-opt --check-semantics --check-semantics-entry=execute_region_conflict --one-shot-bufferize %s | FileCheck %s --check-prefix=NOBOUNDARY
// RUN: strata-opt --check-semantics --check-semantics-entry=argument_read_after --one-shot-bufferize=bufferize-function-boundaries %s | FileCheck %s
// RUN: strata-opt --check-semantics --check-semantics-entry=argument_read_after --one-shot-bufferize %s | FileCheck %s --check-prefix=NOBOUNDARY
// RUN: strata-opt --check-semantics --check-semantics-entry=argument_read_in_successor --one-shot-bufferize=bufferize-function-boundaries %s | FileCheck %s
// RUN: strata-opt --check-semantics --check-semantics-entry=argument_read_in_successor --one-shot-bufferize %s | FileCheck %s --check-prefix=NOBOUNDARY
// RUN: strata-opt --check-semantics --check-semantics-entry=argument_read_after_loop --one-shot-bufferize=bufferize-function-boundaries %s | FileCheck %s
// RUN: strata-opt --check-semantics --check-semantics-entry=argument_read_after_loop --one-shot-bufferize %s | FileCheck %s --check-prefix=NOBOUNDARY
// RUN: strata-opt --check-semantics --check-semantics-entry=argument_written_in_later_block --one-shot-bufferize=bufferize-function-boundaries %s | FileCheck %s
// RUN: strata-opt --check-semantics --check-semantics-entry=argument_written_in_later_block --one-shot-bufferize %s | FileCheck %s --check-prefix=NOBOUNDARY
// RUN: strata-opt --check-semantics --check-semantics-entry=argument_read_next_iteration --one-shot-bufferize=bufferize-function-boundaries %s | FileCheck %s
// RUN: strata-opt --check-semantics --check-semantics-entry=argument_read_next_iteration --one-shot-bufferize %s | FileCheck %s --check-prefix=NOBOUNDARY
// NO-DIFF: --check-semantics is strata-opt's own; one-shot-branches.mlir
// diffs the bufferization of these functions with mlir-opt-22, and
// one-shot-branches-argument-read.mlir that of its functions, where
// Strata differs from it.

// The functions of one-shot-branches.mlir and
// one-shot-branches-argument-read.mlir whose branches pass tensors,
// interpreted before and after one-shot-bufferize: each must print what
// it printed on tensors. mlir-opt-22's bufferization of those of
// one-shot-branches-argument-read.mlir (a function argument read after a write in a later block,
// directly or through a block argument it was passed to) changes what
// they return.

// CHECK-LABEL: func.func @inplace_arg
// CHECK-NOT: tensor<
// NOBOUNDARY-LABEL: func.func @inplace_arg

func.func @inplace_arg(%t: tensor<5xf32>, %v: f32, %i: index) -> tensor<5xf32> {
  cf.br ^bb1(%t : tensor<5xf32>)
^bb1(%a: tensor<5xf32>):
  %r = tensor.insert %v into %a[%i] : tensor<5xf32>
  return %r : tensor<5xf32>
}

func.func @conflict(%t: tensor<5xf32>, %v: f32, %w: f32, %i: index) -> (tensor<5xf32>, f32) {
  %f = linalg.fill ins(%v : f32) outs(%t : tensor<5xf32>) -> tensor<5xf32>
  cf.br ^bb1(%f : tensor<5xf32>)
^bb1(%a: tensor<5xf32>):
  %r = tensor.insert %w into %a[%i] : tensor<5xf32>
  %e = tensor.extract %f[%i] : tensor<5xf32>
  return %r, %e : tensor<5xf32>, f32
}

func.func @two_tensors(%c: i1, %t: tensor<5xf32>, %v: f32, %i: index) -> tensor<5xf32> {
  %0 = bufferization.alloc_tensor() : tensor<5xf32>
  %1 = linalg.fill ins(%v : f32) outs(%0 : tensor<5xf32>) -> tensor<5xf32>
  cf.cond_br %c, ^bb1(%t : tensor<5xf32>), ^bb2(%1 : tensor<5xf32>)
^bb1(%a: tensor<5xf32>):
  cf.br ^bb3(%a : tensor<5xf32>)
^bb2(%b: tensor<5xf32>):
  cf.br ^bb3(%b : tensor<5xf32>)
^bb3(%x: tensor<5xf32>):
  %r = tensor.insert %v into %x[%i] : tensor<5xf32>
  return %r : tensor<5xf32>
}

func.func @loop(%t: tensor<8xf32>) -> tensor<8xf32> {
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
  return %a : tensor<8xf32>
}

func.func @loop_copy(%t: tensor<8xf32>, %v: f32) -> (tensor<8xf32>, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %f = linalg.fill ins(%v : f32) outs(%t : tensor<8xf32>) -> tensor<8xf32>
  cf.br ^head(%c0, %f : index, tensor<8xf32>)
^head(%i: index, %a: tensor<8xf32>):
  %cond = arith.cmpi slt, %i, %c8 : index
  cf.cond_br %cond, ^body, ^exit
^body:
  %n = arith.index_cast %i : index to i32
  %g = arith.sitofp %n : i32 to f32
  %a2 = tensor.insert %g into %a[%i] : tensor<8xf32>
  %i2 = arith.addi %i, %c1 : index
  cf.br ^head(%i2, %a2 : index, tensor<8xf32>)
^exit:
  %e = tensor.extract %f[%c1] : tensor<8xf32>
  return %a, %e : tensor<8xf32>, f32
}

func.func @loop_outside_def(%t: tensor<8xf32>, %v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %cst = arith.constant 0.0 : f32
  %f = linalg.fill ins(%cst : f32) outs(%t : tensor<8xf32>) -> tensor<8xf32>
  cf.br ^head(%c0, %cst : index, f32)
^head(%i: index, %s: f32):
  %cond = arith.cmpi slt, %i, %c8 : index
  cf.cond_br %cond, ^body, ^exit
^body:
  %w = tensor.insert %v into %f[%i] : tensor<8xf32>
  %e = tensor.extract %w[%c0] : tensor<8xf32>
  %s2 = arith.addf %s, %e : f32
  %i2 = arith.addi %i, %c1 : index
  cf.br ^head(%i2, %s2 : index, f32)
^exit:
  return %s : f32
}

func.func @execute_region(%c: i1, %t: tensor<5xf32>, %v: f32, %i: index) -> tensor<5xf32> {
  %0 = bufferization.alloc_tensor() : tensor<5xf32>
  %r = scf.execute_region -> tensor<5xf32> {
    cf.cond_br %c, ^bb1(%t : tensor<5xf32>), ^bb2(%0 : tensor<5xf32>)
  ^bb1(%a: tensor<5xf32>):
    %w = tensor.insert %v into %a[%i] : tensor<5xf32>
    scf.yield %w : tensor<5xf32>
  ^bb2(%b: tensor<5xf32>):
    cf.br ^bb1(%b : tensor<5xf32>)
  }
  return %r : tensor<5xf32>
}

func.func @execute_region_conflict(%t: tensor<5xf32>, %v: f32, %i: index) -> (tensor<5xf32>, f32) {
  %r = scf.execute_region -> tensor<5xf32> {
    cf.br ^bb1(%t : tensor<5xf32>)
  ^bb1(%a: tensor<5xf32>):
    %w = tensor.insert %v into %a[%i] : tensor<5xf32>
    scf.yield %w : tensor<5xf32>
  }
  %e = tensor.extract %t[%i] : tensor<5xf32>
  return %r, %e : tensor<5xf32>, f32
}

func.func @argument_read_after(%t: tensor<5xf32>, %v: f32, %i: index) -> (tensor<5xf32>, f32) {
  cf.br ^bb1(%t : tensor<5xf32>)
^bb1(%a: tensor<5xf32>):
  %r = tensor.insert %v into %a[%i] : tensor<5xf32>
  %e = tensor.extract %t[%i] : tensor<5xf32>
  return %r, %e : tensor<5xf32>, f32
}


func.func @argument_read_in_successor(%t: tensor<5xf32>, %v: f32, %i: index) -> (tensor<5xf32>, f32) {
  cf.br ^bb1(%t : tensor<5xf32>)
^bb1(%a: tensor<5xf32>):
  %r = tensor.insert %v into %a[%i] : tensor<5xf32>
  cf.br ^bb2
^bb2:
  %e = tensor.extract %t[%i] : tensor<5xf32>
  return %r, %e : tensor<5xf32>, f32
}


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

func.func @argument_written_in_later_block(%t: tensor<5xf32>, %v: f32, %i: index) -> (tensor<5xf32>, f32) {
  cf.br ^bb1
^bb1:
  %r = tensor.insert %v into %t[%i] : tensor<5xf32>
  %e = tensor.extract %t[%i] : tensor<5xf32>
  return %r, %e : tensor<5xf32>, f32
}


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
