// RUN: strata-opt --convert-arith-to-llvm --convert-func-to-llvm --convert-cf-to-llvm --reconcile-unrealized-casts %s | FileCheck %s

// CHECK: llvm.func @ext(i64) -> i64 attributes {sym_visibility = "private"}
func.func private @ext(index) -> index

// CHECK-LABEL: llvm.func @loop(%arg0: i64) -> i64
// CHECK: llvm.br ^bb1(%{{.*}} : i64)
// CHECK: ^bb1(%[[I:.*]]: i64):
// CHECK: llvm.icmp "slt"
// CHECK: llvm.cond_br
// CHECK: llvm.call @ext
// CHECK: llvm.switch %{{.*}} : i32, ^bb
// CHECK: llvm.return
func.func @loop(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^head(%c0 : index)
^head(%i: index):
  %lt = arith.cmpi slt, %i, %n : index
  cf.cond_br %lt, ^body, ^exit
^body:
  %r = func.call @ext(%i) : (index) -> index
  %next = arith.addi %r, %c1 : index
  cf.br ^head(%next : index)
^exit:
  %k = arith.index_cast %i : index to i32
  cf.switch %k : i32, [
    default: ^done,
    0: ^done
  ]
^done:
  return %i : index
}
