// RUN: strata-opt --split-input-file --one-shot-bufferize="test-analysis-only bufferize-function-boundaries" %s | FileCheck %s --check-prefix=ANALYSIS
// RUN: strata-opt --split-input-file --one-shot-bufferize=bufferize-function-boundaries %s | FileCheck %s
// RUN: strata-opt --split-input-file --one-shot-bufferize %s | FileCheck %s --check-prefix=NOBOUNDARY
// RUN: strata-opt --split-input-file --one-shot-bufferize="test-analysis-only bufferize-function-boundaries print-conflicts" %s | FileCheck %s --check-prefix=CONFLICT
// RUN: strata-opt --split-input-file --one-shot-bufferize="bufferize-function-boundaries copy-before-write" %s | FileCheck %s --check-prefix=COPY
// RUN: strata-opt --split-input-file --one-shot-bufferize="test-analysis-only analysis-heuristic=fuzzer analysis-fuzzer-seed=1" %s | FileCheck %s --check-prefix=FUZZ

// Branches (cf.br, cf.cond_br) that pass tensors to the arguments of
// other blocks, in a function's body and in an scf.execute_region: a
// block argument may be the buffer of any tensor passed to it, takes the
// buffer type of what the branches pass (the fully dynamic layout where
// they differ, what does not match being cast), and a loop of blocks
// orders its reads and writes as a loop does. Without function
// boundaries, the branches of a function's body stay on tensors. The
// fuzzer's order (without function boundaries, over the whole module's
// operations) decides as upstream's.
// one-shot-branches-semantics.mlir interprets these functions before and
// after the pass. A read of what was passed to a block argument after a
// write through it, where Strata differs from mlir-opt-22, is in
// one-shot-branches-argument-read.mlir.

// A function argument passed to a block is written in place there.
// ANALYSIS-LABEL: func.func @inplace_arg
// ANALYSIS: cf.br ^bb1(%arg0 : tensor<5xf32>) {__inplace_operands_attr__ = ["true"]}
// ANALYSIS: tensor.insert {{.*}} {__inplace_operands_attr__ = ["none", "true", "none"]}
// CHECK-LABEL: func.func @inplace_arg
// CHECK: cf.br ^bb1(%arg0 : memref<5xf32, strided<[?], offset: ?>>)
// CHECK: ^bb1(%[[A:.*]]: memref<5xf32, strided<[?], offset: ?>>):
// CHECK: memref.store %arg1, %[[A]][%arg2]
// CHECK: return %[[A]]
// NOBOUNDARY-LABEL: func.func @inplace_arg
// FUZZ-LABEL: func.func @inplace_arg
// NOBOUNDARY: cf.br ^bb1(%arg0 : tensor<5xf32>)
// NOBOUNDARY: ^bb1(%[[A:.*]]: tensor<5xf32>):
// NOBOUNDARY: bufferization.to_buffer %[[A]]
// NOBOUNDARY: memref.copy
func.func @inplace_arg(%t: tensor<5xf32>, %v: f32, %i: index) -> tensor<5xf32> {
  cf.br ^bb1(%t : tensor<5xf32>)
^bb1(%a: tensor<5xf32>):
  %r = tensor.insert %v into %a[%i] : tensor<5xf32>
  return %r : tensor<5xf32>
}

// -----

// The value passed is read after the write through the block argument:
// the branch passes a copy.
// ANALYSIS-LABEL: func.func @conflict
// ANALYSIS: cf.br ^bb1(%0 : tensor<5xf32>) {__inplace_operands_attr__ = ["false"]}
// CONFLICT-LABEL: func.func @conflict
// CONFLICT: linalg.fill {"C_{{[0-9]+}}[DEF: result 0]"
// CONFLICT: tensor.insert {{.*}} {"C_{{[0-9]+}}[CONFL-WRITE: 1]"
// CONFLICT: tensor.extract {{.*}} {"C_{{[0-9]+}}[READ: 0]"
// CHECK-LABEL: func.func @conflict
// CHECK: linalg.fill ins(%arg1 : f32) outs(%arg0
// CHECK: %[[C:.*]] = memref.alloc() {alignment = 64 : i64} : memref<5xf32>
// CHECK: memref.copy %arg0, %[[C]]
// CHECK: cf.br ^bb1(%[[C]] : memref<5xf32>)
// CHECK: ^bb1(%[[A:.*]]: memref<5xf32>):
// CHECK: memref.store %arg2, %[[A]][%arg3]
// CHECK: memref.load %arg0[%arg3]
func.func @conflict(%t: tensor<5xf32>, %v: f32, %w: f32, %i: index) -> (tensor<5xf32>, f32) {
  %f = linalg.fill ins(%v : f32) outs(%t : tensor<5xf32>) -> tensor<5xf32>
  cf.br ^bb1(%f : tensor<5xf32>)
^bb1(%a: tensor<5xf32>):
  %r = tensor.insert %w into %a[%i] : tensor<5xf32>
  %e = tensor.extract %f[%i] : tensor<5xf32>
  return %r, %e : tensor<5xf32>, f32
}

// -----

// Two different tensors are passed to one block argument: a function
// argument (fully dynamic layout) and a new buffer, cast to that type
// where it is passed.
// ANALYSIS-LABEL: func.func @two_tensors
// ANALYSIS: cf.cond_br {{.*}} {__inplace_operands_attr__ = ["none", "true", "true"]}
// CHECK-LABEL: func.func @two_tensors
// CHECK: %[[N:.*]] = memref.alloc() {alignment = 64 : i64} : memref<5xf32>
// CHECK: cf.cond_br %arg0, ^bb1(%arg1 : memref<5xf32, strided<[?], offset: ?>>), ^bb2(%[[N]] : memref<5xf32>)
// CHECK: ^bb2(%[[B:.*]]: memref<5xf32>):
// CHECK-NEXT: %[[CAST:.*]] = memref.cast %[[B]] : memref<5xf32> to memref<5xf32, strided<[?], offset: ?>>
// CHECK-NEXT: cf.br ^bb3(%[[CAST]] : memref<5xf32, strided<[?], offset: ?>>)
// CHECK: ^bb3(%[[X:.*]]: memref<5xf32, strided<[?], offset: ?>>):
// CHECK: memref.store %arg2, %[[X]][%arg3]
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

// -----

// A loop of blocks writes its argument in place: the argument's buffer
// type is that of what enters the loop.
// ANALYSIS-LABEL: func.func @loop
// ANALYSIS: tensor.insert {{.*}} {__inplace_operands_attr__ = ["none", "true", "none"]}
// ANALYSIS: cf.br ^bb1(%{{.*}}, %inserted : index, tensor<8xf32>) {__inplace_operands_attr__ = ["none", "true"]}
// CHECK-LABEL: func.func @loop
// CHECK: ^bb1(%{{.*}}: index, %[[A:.*]]: memref<8xf32, strided<[?], offset: ?>>):
// CHECK: memref.store %{{.*}}, %[[A]]
// CHECK: cf.br ^bb1(%{{.*}}, %[[A]] : index, memref<8xf32, strided<[?], offset: ?>>)
// CHECK: return %[[A]]
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

// -----

// What enters the loop is read after it: it enters as a copy, and the
// loop's argument takes the copy's identity layout.
// ANALYSIS-LABEL: func.func @loop_copy
// ANALYSIS: cf.br ^bb1(%c0, %0 : index, tensor<8xf32>) {__inplace_operands_attr__ = ["none", "false"]}
// CHECK-LABEL: func.func @loop_copy
// CHECK: %[[C:.*]] = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
// CHECK: memref.copy %arg0, %[[C]]
// CHECK: cf.br ^bb1(%c0, %[[C]] : index, memref<8xf32>)
// CHECK: ^bb1(%{{.*}}: index, %[[A:.*]]: memref<8xf32>):
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

// -----

// A write in a loop of blocks into a tensor defined before the loop and
// read in it: each iteration writes a copy, as in upstream's
// looping_branches_outside_def.
// ANALYSIS-LABEL: func.func @loop_outside_def
// ANALYSIS: tensor.insert {{.*}} {__inplace_operands_attr__ = ["none", "false", "none"]}
// CONFLICT-LABEL: func.func @loop_outside_def
// CONFLICT: tensor.insert {{.*}} {"C_{{[0-9]+}}[CONFL-WRITE: 1]", "C_{{[0-9]+}}[READ: 1]"
// CHECK-LABEL: func.func @loop_outside_def
// CHECK: ^bb2:
// CHECK-NEXT: %[[C:.*]] = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
// CHECK-NEXT: memref.copy %arg0, %[[C]]
// CHECK-NEXT: memref.store %arg1, %[[C]]
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

// -----

// The blocks of an scf.execute_region: the argument takes the fully
// dynamic layout of the function argument, the new buffer is cast.
// Without function boundaries, the function argument (read through a
// to_buffer, which may not be written) is passed as a copy.
// ANALYSIS-LABEL: func.func @execute_region
// ANALYSIS: cf.cond_br {{.*}} {__inplace_operands_attr__ = ["none", "true", "true"]}
// CHECK-LABEL: func.func @execute_region
// CHECK: scf.execute_region -> memref<5xf32, strided<[?], offset: ?>>
// CHECK: ^bb2(%[[B:.*]]: memref<5xf32>):
// CHECK-NEXT: memref.cast %[[B]] : memref<5xf32> to memref<5xf32, strided<[?], offset: ?>>
// NOBOUNDARY-LABEL: func.func @execute_region
// NOBOUNDARY: %[[T:.*]] = bufferization.to_buffer %arg1
// NOBOUNDARY: scf.execute_region -> memref<5xf32> {
// NOBOUNDARY-NEXT: %[[C:.*]] = memref.alloc()
// NOBOUNDARY-NEXT: memref.copy %[[T]], %[[C]]
// NOBOUNDARY-NEXT: cf.cond_br %arg0, ^bb1(%[[C]] : memref<5xf32>), ^bb2(%alloc : memref<5xf32>)
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

// -----

// In an scf.execute_region, the function argument read after it enters
// the block as a copy. With copy-before-write, the branch passes it as it
// is and the write copies.
// ANALYSIS-LABEL: func.func @execute_region_conflict
// ANALYSIS: cf.br ^bb1(%arg0 : tensor<5xf32>) {__inplace_operands_attr__ = ["false"]}
// COPY-LABEL: func.func @execute_region_conflict
// COPY: cf.br ^bb1(%arg0 : memref<5xf32, strided<[?], offset: ?>>)
// COPY-NEXT: ^bb1(%[[A:.*]]: memref<5xf32, strided<[?], offset: ?>>):
// COPY-NEXT: %[[C:.*]] = memref.alloc()
// COPY-NEXT: memref.copy %[[A]], %[[C]]
// CHECK-LABEL: func.func @execute_region_conflict
// CHECK: scf.execute_region -> memref<5xf32> {
// CHECK-NEXT: %[[C:.*]] = memref.alloc() {alignment = 64 : i64} : memref<5xf32>
// CHECK-NEXT: memref.copy %arg0, %[[C]]
// CHECK-NEXT: cf.br ^bb1(%[[C]] : memref<5xf32>)
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

// -----

// Returns in two blocks whose buffers have different layouts: the
// function returns the fully dynamic layout, each return the cast of its
// buffer to it.
// CHECK-LABEL: func.func @returns_disagree
// CHECK-SAME: -> memref<5xf32, strided<[?], offset: ?>>
// CHECK: %[[S0:.*]] = memref.subview
// CHECK-NEXT: %[[C0:.*]] = memref.cast %[[S0]]
// CHECK-NEXT: return %[[C0]]
// CHECK: %[[S1:.*]] = memref.subview
// CHECK-NEXT: %[[C1:.*]] = memref.cast %[[S1]]
// CHECK-NEXT: return %[[C1]]
func.func @returns_disagree(%c: i1, %f: f32) -> tensor<5xf32> {
  %e = tensor.empty() : tensor<10xf32>
  %t = linalg.fill ins(%f : f32) outs(%e : tensor<10xf32>) -> tensor<10xf32>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %0 = tensor.extract_slice %t[0][5][2] : tensor<10xf32> to tensor<5xf32>
  return %0 : tensor<5xf32>
^bb2:
  %1 = tensor.extract_slice %t[2][5][1] : tensor<10xf32> to tensor<5xf32>
  return %1 : tensor<5xf32>
}
