// RUN: strata-opt --allow-unregistered-dialect --empty-tensor-to-alloc-tensor --split-input-file %s | FileCheck %s

// Each tensor.empty becomes an alloc_tensor with its dynamic sizes, in
// nested regions too; the greedy driver also erases the unused one and
// merges the equal constants at the top of the function.
// CHECK-LABEL: func.func @lower
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-NOT: tensor.empty
// CHECK: bufferization.alloc_tensor(%arg0) : tensor<?x4xf32>
// CHECK: scf.for
// CHECK: bufferization.alloc_tensor(%[[C4]]) : tensor<?xf32, "enc">
func.func @lower(%sz: index, %lb: index, %ub: index) -> tensor<?x4xf32> {
  %unused = tensor.empty() : tensor<8xi8>
  %0 = tensor.empty(%sz) : tensor<?x4xf32>
  %c4 = arith.constant 4 : index
  scf.for %i = %lb to %ub step %c4 {
    %c4b = arith.constant 4 : index
    %1 = tensor.empty(%c4b) : tensor<?xf32, "enc">
    "test.use"(%1) : (tensor<?xf32, "enc">) -> ()
  }
  return %0 : tensor<?x4xf32>
}

// -----

// Outside functions and with nothing to lower.
// CHECK-LABEL: func.func @nothing
// CHECK-NEXT: return
func.func @nothing() {
  return
}
"test.holder"() ({
  %e = tensor.empty() : tensor<2xf32>
  "test.use"(%e) : (tensor<2xf32>) -> ()
  "test.end"() : () -> ()
}) : () -> ()
