// RUN: strata-opt --one-shot-bufferize="bufferize-function-boundaries copy-before-write" %s | FileCheck %s
// NO-DIFF: mlir-opt-22 (22.1.8) crashes in AnalysisState::isInPlace on a
// call given an unranked tensor under copy-before-write (its copy insertion
// would fail, "copying of unranked tensors is not implemented").

// An unranked tensor cannot be copied: the ranked tensor whose buffer the
// unranked one shares is copied before the cast instead, as the analysis
// decides it, when a call may write what the cast returns.

// CHECK-LABEL: func.func @print
// CHECK-NEXT: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
// CHECK-NEXT: memref.copy %arg0, %[[A]]
// CHECK-NEXT: %[[C:.*]] = memref.cast %[[A]] : memref<4x4xf32> to memref<*xf32>
// CHECK-NEXT: call @printMemrefF32(%[[C]])
func.func private @printMemrefF32(tensor<*xf32>)
func.func @print(%t: tensor<4x4xf32>) {
  %u = tensor.cast %t : tensor<4x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

// A cast to an unranked tensor that nothing writes shares its buffer.
// CHECK-LABEL: func.func @read_only
// CHECK-NOT: memref.alloc
// CHECK: memref.cast %arg0 : memref<4xf32, strided<[?], offset: ?>> to memref<*xf32>
func.func @read_only(%t: tensor<4xf32>) -> index {
  %u = tensor.cast %t : tensor<4xf32> to tensor<*xf32>
  %c0 = arith.constant 0 : index
  %d = tensor.dim %u, %c0 : tensor<*xf32>
  return %d : index
}
