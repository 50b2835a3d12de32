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

// -----

// The greedy driver simplifies regions aggressively, as upstream's
// default: the argument of the exit block, which its one predecessor
// passes, is dropped.
// CHECK-LABEL: func.func @loop
// CHECK: ^bb2:
// CHECK-NEXT: return
func.func @loop(%n: index, %x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^loop(%c0, %x : index, f32)
^loop(%i: index, %s: f32):
  %next = arith.addf %s, %x : f32
  %ni = arith.addi %i, %c1 : index
  %c = arith.cmpi ult, %ni, %n : index
  cf.cond_br %c, ^loop(%ni, %next : index, f32), ^exit(%next : f32)
^exit(%r: f32):
  return %r : f32
}
