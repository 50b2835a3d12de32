// RUN: strata-opt --one-shot-bufferize="bufferize-function-boundaries" %s | FileCheck %s --check-prefix=BOTTOMUP
// RUN: strata-opt --one-shot-bufferize="bufferize-function-boundaries analysis-heuristic=bottom-up" %s | FileCheck %s --check-prefix=BOTTOMUP
// RUN: strata-opt --one-shot-bufferize="bufferize-function-boundaries analysis-heuristic=top-down" %s | FileCheck %s --check-prefix=TOPDOWN
// RUN: strata-opt --one-shot-bufferize="bufferize-function-boundaries analysis-heuristic=bottom-up-from-terminators" %s | FileCheck %s --check-prefix=TERM
// RUN: strata-opt --one-shot-bufferize="bufferize-function-boundaries analysis-heuristic=fuzzer analysis-fuzzer-seed=1" %s | FileCheck %s --check-prefix=FUZZ
// RUN: strata-opt --one-shot-bufferize="bufferize-function-boundaries analysis-heuristic=fuzzer analysis-fuzzer-seed=2" %s | FileCheck %s --check-prefix=FUZZ
// RUN: strata-opt --one-shot-bufferize="bufferize-function-boundaries analysis-heuristic=fuzzer analysis-fuzzer-seed=3" %s | FileCheck %s --check-prefix=FUZZ
// RUN: strata-opt --one-shot-bufferize="bufferize-function-boundaries analysis-heuristic=fuzzer analysis-fuzzer-seed=6" %s | FileCheck %s --check-prefix=FUZZ
// RUN: strata-opt --one-shot-bufferize="bufferize-function-boundaries analysis-heuristic=fuzzer analysis-fuzzer-seed=7" %s | FileCheck %s --check-prefix=FUZZ
// RUN: strata-opt --one-shot-bufferize="bufferize-function-boundaries analysis-heuristic=fuzzer analysis-fuzzer-seed=11" %s | FileCheck %s --check-prefix=FUZZ
// RUN: strata-opt --one-shot-bufferize="analysis-heuristic=fuzzer analysis-fuzzer-seed=5" %s | FileCheck %s --check-prefix=NOBOUNDARY

// analysis-heuristic is the order in which the in-place analysis decides
// the writes: of two fills of one tensor whose results are both used,
// the one decided first is written in place and the other into a new
// buffer. The fuzzer's order (upstream's llvm::shuffle with a
// std::mt19937) gives each seed its own decisions, as mlir-opt's does.

// Bottom-up decides the second fill first: the first one gets a buffer.
// BOTTOMUP-LABEL: func.func @two_fills
// BOTTOMUP: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<10xf32>
// BOTTOMUP-NEXT: linalg.fill ins(%arg1 : f32) outs(%[[A]] : memref<10xf32>)
// BOTTOMUP-NEXT: linalg.fill ins(%arg2 : f32) outs(%arg0 : memref<10xf32, strided<[?], offset: ?>>)
// Top-down decides the first fill first: the second one gets a buffer.
// TOPDOWN-LABEL: func.func @two_fills
// TOPDOWN: linalg.fill ins(%arg1 : f32) outs(%arg0 : memref<10xf32, strided<[?], offset: ?>>)
// TOPDOWN-NEXT: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<10xf32>
// TOPDOWN-NEXT: linalg.fill ins(%arg2 : f32) outs(%[[A]] : memref<10xf32>)
// FUZZ-LABEL: func.func @two_fills
// NOBOUNDARY-LABEL: func.func @two_fills
// NOBOUNDARY-NOT: bufferization.to_buffer
// NOBOUNDARY: memref.alloc
func.func @two_fills(%t: tensor<10xf32>, %f: f32, %g: f32) -> (tensor<10xf32>, tensor<10xf32>) {
  %a = linalg.fill ins(%f : f32) outs(%t : tensor<10xf32>) -> tensor<10xf32>
  %b = linalg.fill ins(%g : f32) outs(%t : tensor<10xf32>) -> tensor<10xf32>
  return %a, %b : tensor<10xf32>, tensor<10xf32>
}

// From the terminators: the fill whose result is returned is decided
// first and written in place; bottom-up decides the other one first.
// TERM-LABEL: func.func @returned_first
// TERM: linalg.fill ins(%arg1 : f32) outs(%arg0 : memref<10xf32, strided<[?], offset: ?>>)
// TERM-NEXT: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<10xf32>
// TERM-NEXT: linalg.fill ins(%arg2 : f32) outs(%[[A]] : memref<10xf32>)
// BOTTOMUP-LABEL: func.func @returned_first
// BOTTOMUP: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<10xf32>
// BOTTOMUP-NEXT: linalg.fill ins(%arg1 : f32) outs(%[[A]] : memref<10xf32>)
// BOTTOMUP-NEXT: linalg.fill ins(%arg2 : f32) outs(%arg0 : memref<10xf32, strided<[?], offset: ?>>)
// FUZZ-LABEL: func.func @returned_first
func.func @returned_first(%t: tensor<10xf32>, %f: f32, %g: f32) -> (tensor<10xf32>, f32) {
  %c0 = arith.constant 0 : index
  %a = linalg.fill ins(%f : f32) outs(%t : tensor<10xf32>) -> tensor<10xf32>
  %b = linalg.fill ins(%g : f32) outs(%t : tensor<10xf32>) -> tensor<10xf32>
  %x = tensor.extract %b[%c0] : tensor<10xf32>
  return %a, %x : tensor<10xf32>, f32
}

// FUZZ-LABEL: func.func @chain
func.func @chain(%t: tensor<8xf32>, %f: f32, %g: f32, %h: f32) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
  %a = linalg.fill ins(%f : f32) outs(%t : tensor<8xf32>) -> tensor<8xf32>
  %b = linalg.fill ins(%g : f32) outs(%t : tensor<8xf32>) -> tensor<8xf32>
  %c = linalg.fill ins(%h : f32) outs(%a : tensor<8xf32>) -> tensor<8xf32>
  %d = linalg.fill ins(%f : f32) outs(%b : tensor<8xf32>) -> tensor<8xf32>
  return %a, %b, %c, %d : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}
