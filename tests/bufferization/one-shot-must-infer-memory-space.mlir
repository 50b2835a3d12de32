// RUN: not strata-opt --one-shot-bufferize="must-infer-memory-space" %s 2>&1 | FileCheck %s --check-prefix=ERR

// must-infer-memory-space: a buffer whose memory space nothing gives (a
// tensor.empty, an alloc_tensor without memory_space) is an error at the
// operation that needs it, followed by upstream's "failed to bufferize op",
// instead of a buffer in the default memory space. A copy takes the memory
// space of the buffer it copies, and an alloc_tensor its memory_space.

// ERR: one-shot-must-infer-memory-space.mlir:13:8: error: could not infer memory space
// ERR-NEXT: %0 = tensor.empty() : tensor<4xf32>
// ERR: one-shot-must-infer-memory-space.mlir:13:8: error: failed to bufferize op
func.func @empty(%f: f32) -> tensor<4xf32> {
  %0 = tensor.empty() : tensor<4xf32>
  %1 = linalg.fill ins(%f : f32) outs(%0 : tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
