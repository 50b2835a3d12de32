// RUN: not strata-opt --one-shot-bufferize="use-encoding-for-memory-space" --split-input-file %s 2>&1 | FileCheck %s
// RUN: not strata-opt --one-shot-bufferize="must-infer-memory-space bufferize-function-boundaries" --split-input-file %s 2>&1 | FileCheck %s --check-prefix=INFER

// tensor.generate, tensor.splat and tensor.concat make their buffers in
// the default memory space only: where the pass's default memory space
// for the result type is another one (an encoding with
// use-encoding-for-memory-space, none with must-infer-memory-space),
// their bufferization fails. tensor.generate fails before anything is
// built; tensor.splat and tensor.concat once their new tensor is made,
// which under must-infer-memory-space already fails.

// A type without an encoding has its buffer in the default memory space.

// CHECK: func.func @no_encoding
// CHECK: memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK: linalg.map
func.func @no_encoding(%f: f32) -> tensor<4xf32> {
  %r = tensor.splat %f : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// CHECK: one-shot-tensor-memory-space-invalid.mlir:33:8: error: memory space not implemented yet
// CHECK-NEXT: %r = tensor.generate %n {
// CHECK: see current operation:
// CHECK-NEXT: %0 = "tensor.generate"(%arg0)
// CHECK: one-shot-tensor-memory-space-invalid.mlir:33:8: error: failed to bufferize op
// INFER: one-shot-tensor-memory-space-invalid.mlir:33:8: error: memory space not implemented yet
// INFER: one-shot-tensor-memory-space-invalid.mlir:33:8: error: failed to bufferize op
// INFER-NOT: could not infer memory space
func.func @generate(%n: index) -> tensor<?xindex, 1> {
  %r = tensor.generate %n {
  ^bb0(%i: index):
    tensor.yield %i : index
  } : tensor<?xindex, 1>
  return %r : tensor<?xindex, 1>
}

// -----

// CHECK: one-shot-tensor-memory-space-invalid.mlir:48:8: error: memory space not implemented yet
// CHECK: see current operation: %1 = "tensor.splat"(%arg0)
// CHECK: one-shot-tensor-memory-space-invalid.mlir:48:8: error: failed to bufferize op
// INFER: one-shot-tensor-memory-space-invalid.mlir:48:8: error: could not infer memory space
// INFER: one-shot-tensor-memory-space-invalid.mlir:48:8: error: failed to bufferize op
func.func @splat(%f: f32) -> tensor<4xf32, 1> {
  %r = tensor.splat %f : tensor<4xf32, 1>
  return %r : tensor<4xf32, 1>
}

// -----

// CHECK: one-shot-tensor-memory-space-invalid.mlir:58:8: error: memory space not implemented yet
// CHECK: see current operation: %1 = "tensor.concat"(%arg0, %arg1)
// CHECK: one-shot-tensor-memory-space-invalid.mlir:58:8: error: failed to bufferize op
func.func @concat(%a: tensor<2xf32, 1>, %b: tensor<3xf32, 1>) -> tensor<5xf32, 1> {
  %r = tensor.concat dim(0) %a, %b : (tensor<2xf32, 1>, tensor<3xf32, 1>) -> tensor<5xf32, 1>
  return %r : tensor<5xf32, 1>
}
