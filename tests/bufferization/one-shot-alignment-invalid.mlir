// RUN: not strata-opt --one-shot-bufferize=buffer-alignment=100 %s 2>&1 | FileCheck %s

// An alignment that is not a power of two is rejected before anything is
// allocated (mlir-opt-22 makes allocations that fail to verify).

// CHECK: error: Invalid option: 'buffer-alignment' must be a power of two, got 100
func.func @f() -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  return %e : tensor<4xf32>
}
