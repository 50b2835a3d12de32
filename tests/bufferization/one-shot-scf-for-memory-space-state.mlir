// RUN: not strata-opt --one-shot-bufferize="allow-return-allocs-from-loops" %s 2>&1 | FileCheck %s

// A loop that yields a buffer in another memory space than its iteration
// argument's fails at its yield, once its body is rewritten: the notes
// show the loop's iteration argument still a tensor, and the copy of the
// yielded tensor defined outside the loop (made on tensors before the
// rewriting) in the body, read back as a tensor for the yield.

// CHECK: one-shot-scf-for-memory-space-state.mlir:23:8: error: 'scf.for' op init_arg and yielded value bufferize to inconsistent memory spaces
// CHECK: note: see current operation:
// CHECK-NEXT: %4 = "scf.for"(%arg0, %arg1, %arg2, %1) ({
// CHECK-NEXT: ^bb0(%arg3: index, %arg4: tensor<8xf32>):
// CHECK-NEXT:   %5 = "memref.alloc"() <{alignment = 64 : i64, operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<8xf32, 2>
// CHECK-NEXT:   "memref.copy"(%2, %5) : (memref<8xf32, 2>, memref<8xf32, 2>) -> ()
// CHECK-NEXT:   %6 = "bufferization.to_tensor"(%5) : (memref<8xf32, 2>) -> tensor<8xf32>
// CHECK-NEXT:   "scf.yield"(%6) : (tensor<8xf32>) -> ()
// CHECK-NEXT: }) : (index, index, index, tensor<8xf32>) -> tensor<8xf32>
// CHECK: one-shot-scf-for-memory-space-state.mlir:24:5: error: failed to bufferize op
// CHECK: note: see current operation: "scf.yield"(%6) : (tensor<8xf32>) -> ()
func.func @yield_outside_value(%lb: index, %ub: index, %step: index) -> tensor<8xf32> {
  %0 = bufferization.alloc_tensor() : tensor<8xf32>
  %1 = bufferization.alloc_tensor() {memory_space = 2 : i64} : tensor<8xf32>
  %2 = scf.for %iv = %lb to %ub step %step iter_args(%arg = %0) -> tensor<8xf32> {
    scf.yield %1 : tensor<8xf32>
  }
  return %2 : tensor<8xf32>
}
